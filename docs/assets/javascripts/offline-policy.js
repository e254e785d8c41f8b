// When a reading page may fetch the referee in the background, without being asked (pure: tested with node --test).
//
// Only where the browser says the line is fast and not metered: no Save-Data, not a cellular connection, an
// effective type of "4g" and a measured downlink of at least WARM_MIN_MBPS. Where it says nothing (Firefox,
// Safari: no navigator.connection), nothing is fetched unasked. A site installed as an app keeps the referee
// whatever the line (the reader installed it to use it at the table), as does a reader who asked once.
export const WARM_MIN_MBPS = 5;

export function shouldWarm({ connection, installed = false, asked = false } = {}) {
  if (installed || asked) return true;
  if (!connection) return false;
  if (connection.saveData) return false;
  if (connection.type === "cellular") return false;
  if (connection.effectiveType !== "4g") return false;
  return Number(connection.downlink) >= WARM_MIN_MBPS;
}
