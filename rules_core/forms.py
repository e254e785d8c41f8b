"""The grammar of the referee's sentences: every card, colour, count, deck and numbered player
in the case forms the message templates ask for, in six languages. Data only; the renderer
(:mod:`rules_core.messages`) looks the forms up.

How a template asks for a form: a placeholder names its parameter and, after a colon, a case
of that language, ``{card:acc}``, ``{top:loc}``, ``{color:gen}``, ``{count:acc}``. Without a
case, ``{card}`` is the first case of the language's list (the nominative; in English the
bare name). The cases each language has:

============  ====================================================================
``en``        ``nom`` (red 7), ``the`` (the red 7), ``a`` (a red 7)
``sk cs pl``  ``nom gen dat acc loc ins`` (pl: ``nom gen dat acc ins loc``)
``hu``        ``nom acc sub ins dat`` (with the article: a piros hetes, a piros hetest,
              a piros hetesre, a piros hetessel, a piros hetesnek); colours also ``ela``
``et``        ``nom gen part all kom ade`` (punane seitse, punase seitsme, punast seitset,
              punasele seitsmele, punase seitsmega, punasel seitsmel); counts also ``obj``
============  ====================================================================

A coloured card is its colour adjective, in the gender of the card's name and in the case,
then the name in the case: sk ``červenú`` + ``sedmičku``; a wild card (and the unknown card)
is one phrase. In sentences, number cards have the names people say at the table (sk
sedmička, cs sedmička, pl siódemka, hu hetes, et seitse; English keeps the digit); the card
faces and the checker's buttons keep the printed name, the digit (:data:`LABELS`,
``rules_core.messages.card_name``). Names printed as an order (sk Vynechaj, et „Vali värv“)
stand beside a noun that declines (sk karta Vynechaj, et kaart „Vali värv“).

``{count:CASE}`` is a number of cards with the noun in that case and in the plural form the
number asks for (sk 1 kartu, 3 karty, 5 kariet; et 1 kaart, 2 kaarti; hu 2 lapot); a bare
``{count}`` is the number alone. ``{points:CASE}`` is the same for points. ``{color:CASE}`` is
a colour on its own (the colour in play): sk ``platí modrá``, ``{color:gen} farby``.
``{deck:CASE}`` names a deck edition. Players are written in the nominative only (names are
the players' own and cannot be declined); numbered players come from :data:`PLAYERS` (hu with
the article: az 1. játékos, a 2. játékos).

>>> card_form("R7", "acc", "sk"), card_form("GS", "loc", "cs"), card_form("B0", "ins", "pl")
('červenú sedmičku', 'zeleném Skoku', 'niebieskim zerem')
>>> card_form("Y7", "sub", "hu"), card_form("W+4", "acc", "hu"), card_form("G7", "all", "et")
('a sárga hetesre', 'a +4-est', 'rohelisele seitsmele')
>>> count_form(1, "cards", "obj", "et"), count_form(2, "cards", "obj", "et")
('1 kaardi', '2 kaarti')
>>> count_form(22, "cards", "acc", "pl"), count_form(12, "cards", "acc", "pl")
('22 karty', '12 kart')
>>> player_form(0, "hu"), player_form(1, "hu"), player_form(4, "hu")
('az 1. játékos', 'a 2. játékos', 'az 5. játékos')
"""

from __future__ import annotations

from typing import Final, Union

from rules_core.cards import ALL_CARDS, COLOR_OF, NUMBERS, RANK_OF, UNKNOWN

# A phrase in every case of its language's list: a tuple (one form per case, in order) or a
# string (the same form in every case).
Forms = Union[str, tuple[str, ...]]

#: the cases of each language, in the order the tuples below use (the first is the default)
CASES: Final[dict[str, tuple[str, ...]]] = {
    "en": ("nom", "the", "a"),
    "sk": ("nom", "gen", "dat", "acc", "loc", "ins"),
    "cs": ("nom", "gen", "dat", "acc", "loc", "ins"),
    "pl": ("nom", "gen", "dat", "acc", "ins", "loc"),
    "hu": ("nom", "acc", "sub", "ins", "dat"),
    "et": ("nom", "gen", "part", "all", "kom", "ade"),
}

#: cases of a colour on its own and of counts, where they differ from :data:`CASES`
COLOR_CASES: Final[dict[str, tuple[str, ...]]] = {
    **CASES, "en": ("nom",), "hu": ("nom", "acc", "sub", "ins", "dat", "ela"),
    "et": ("nom", "gen", "part"),
}
COUNT_CASES: Final[dict[str, tuple[str, ...]]] = {
    **CASES, "en": ("nom",), "et": ("nom", "gen", "part", "obj", "all", "kom"),
}
#: the case of a number of cards as the object of "draw" (``{cards_n}``, the older spelling of
#: ``{count:<this case>}``)
OBJECT_CASE: Final = {"en": "nom", "sk": "acc", "cs": "acc", "pl": "acc", "hu": "acc", "et": "obj"}
DECK_CASES: Final[dict[str, tuple[str, ...]]] = {
    "en": ("nom",), "sk": ("nom", "gen", "loc"), "cs": ("nom", "gen", "loc"),
    "pl": ("nom", "gen", "loc"), "hu": ("nom", "ine"), "et": ("nom", "ine"),
}

# ---------------------------------------------------------------------------------------------
# The name of each rank of a coloured card: (gender, forms). The gender picks the colour
# adjective's forms in COLOR_ADJ ("*": the language has one set).

RANKS: Final[dict[str, dict[str, tuple[str, Forms]]]] = {
    "en": {**{n: ("*", n) for n in NUMBERS}, "S": ("*", "Skip"), "R": ("*", "Reverse"),
           "+2": ("*", "+2")},
    "sk": {
        "0": ("f", ("nula", "nuly", "nule", "nulu", "nule", "nulou")),
        "1": ("f", ("jednotka", "jednotky", "jednotke", "jednotku", "jednotke", "jednotkou")),
        "2": ("f", ("dvojka", "dvojky", "dvojke", "dvojku", "dvojke", "dvojkou")),
        "3": ("f", ("trojka", "trojky", "trojke", "trojku", "trojke", "trojkou")),
        "4": ("f", ("štvorka", "štvorky", "štvorke", "štvorku", "štvorke", "štvorkou")),
        "5": ("f", ("päťka", "päťky", "päťke", "päťku", "päťke", "päťkou")),
        "6": ("f", ("šestka", "šestky", "šestke", "šestku", "šestke", "šestkou")),
        "7": ("f", ("sedmička", "sedmičky", "sedmičke", "sedmičku", "sedmičke", "sedmičkou")),
        "8": ("f", ("osmička", "osmičky", "osmičke", "osmičku", "osmičke", "osmičkou")),
        "9": ("f", ("deviatka", "deviatky", "deviatke", "deviatku", "deviatke", "deviatkou")),
        "S": ("f", ("karta Vynechaj", "karty Vynechaj", "karte Vynechaj", "kartu Vynechaj",
                    "karte Vynechaj", "kartou Vynechaj")),
        "R": ("f", ("karta Obráť smer", "karty Obráť smer", "karte Obráť smer",
                    "kartu Obráť smer", "karte Obráť smer", "kartou Obráť smer")),
        "+2": ("f", "+2"),
    },
    "cs": {
        "0": ("f", ("nula", "nuly", "nule", "nulu", "nule", "nulou")),
        "1": ("f", ("jednička", "jedničky", "jedničce", "jedničku", "jedničce", "jedničkou")),
        "2": ("f", ("dvojka", "dvojky", "dvojce", "dvojku", "dvojce", "dvojkou")),
        "3": ("f", ("trojka", "trojky", "trojce", "trojku", "trojce", "trojkou")),
        "4": ("f", ("čtyřka", "čtyřky", "čtyřce", "čtyřku", "čtyřce", "čtyřkou")),
        "5": ("f", ("pětka", "pětky", "pětce", "pětku", "pětce", "pětkou")),
        "6": ("f", ("šestka", "šestky", "šestce", "šestku", "šestce", "šestkou")),
        "7": ("f", ("sedmička", "sedmičky", "sedmičce", "sedmičku", "sedmičce", "sedmičkou")),
        "8": ("f", ("osmička", "osmičky", "osmičce", "osmičku", "osmičce", "osmičkou")),
        "9": ("f", ("devítka", "devítky", "devítce", "devítku", "devítce", "devítkou")),
        "S": ("m", ("Skok", "Skoku", "Skoku", "Skok", "Skoku", "Skokem")),
        "R": ("f", ("Změna směru", "Změny směru", "Změně směru", "Změnu směru", "Změně směru",
                    "Změnou směru")),
        "+2": ("f", "+2"),
    },
    "pl": {
        "0": ("n", ("zero", "zera", "zeru", "zero", "zerem", "zerze")),
        "1": ("f", ("jedynka", "jedynki", "jedynce", "jedynkę", "jedynką", "jedynce")),
        "2": ("f", ("dwójka", "dwójki", "dwójce", "dwójkę", "dwójką", "dwójce")),
        "3": ("f", ("trójka", "trójki", "trójce", "trójkę", "trójką", "trójce")),
        "4": ("f", ("czwórka", "czwórki", "czwórce", "czwórkę", "czwórką", "czwórce")),
        "5": ("f", ("piątka", "piątki", "piątce", "piątkę", "piątką", "piątce")),
        "6": ("f", ("szóstka", "szóstki", "szóstce", "szóstkę", "szóstką", "szóstce")),
        "7": ("f", ("siódemka", "siódemki", "siódemce", "siódemkę", "siódemką", "siódemce")),
        "8": ("f", ("ósemka", "ósemki", "ósemce", "ósemkę", "ósemką", "ósemce")),
        "9": ("f", ("dziewiątka", "dziewiątki", "dziewiątce", "dziewiątkę", "dziewiątką",
                    "dziewiątce")),
        "S": ("m", ("Postój", "Postoju", "Postojowi", "Postój", "Postojem", "Postoju")),
        "R": ("f", ("Zmiana kierunku", "Zmiany kierunku", "Zmianie kierunku", "Zmianę kierunku",
                    "Zmianą kierunku", "Zmianie kierunku")),
        "+2": ("f", "+2"),
    },
    "hu": {
        "0": ("*", ("nullás", "nullást", "nullásra", "nullással", "nullásnak")),
        "1": ("*", ("egyes", "egyest", "egyesre", "egyessel", "egyesnek")),
        "2": ("*", ("kettes", "kettest", "kettesre", "kettessel", "kettesnek")),
        "3": ("*", ("hármas", "hármast", "hármasra", "hármassal", "hármasnak")),
        "4": ("*", ("négyes", "négyest", "négyesre", "négyessel", "négyesnek")),
        "5": ("*", ("ötös", "ötöst", "ötösre", "ötössel", "ötösnek")),
        "6": ("*", ("hatos", "hatost", "hatosra", "hatossal", "hatosnak")),
        "7": ("*", ("hetes", "hetest", "hetesre", "hetessel", "hetesnek")),
        "8": ("*", ("nyolcas", "nyolcast", "nyolcasra", "nyolcassal", "nyolcasnak")),
        "9": ("*", ("kilences", "kilencest", "kilencesre", "kilencessel", "kilencesnek")),
        "S": ("*", ("Kimaradsz lap", "Kimaradsz lapot", "Kimaradsz lapra", "Kimaradsz lappal",
                    "Kimaradsz lapnak")),
        "R": ("*", ("Irányváltó", "Irányváltót", "Irányváltóra", "Irányváltóval",
                    "Irányváltónak")),
        "+2": ("*", ("+2-es", "+2-est", "+2-esre", "+2-essel", "+2-esnek")),
    },
    "et": {
        "0": ("*", ("null", "nulli", "nulli", "nullile", "nulliga", "nullil")),
        "1": ("*", ("üks", "ühe", "ühte", "ühele", "ühega", "ühel")),
        "2": ("*", ("kaks", "kahe", "kahte", "kahele", "kahega", "kahel")),
        "3": ("*", ("kolm", "kolme", "kolme", "kolmele", "kolmega", "kolmel")),
        "4": ("*", ("neli", "nelja", "nelja", "neljale", "neljaga", "neljal")),
        "5": ("*", ("viis", "viie", "viit", "viiele", "viiega", "viiel")),
        "6": ("*", ("kuus", "kuue", "kuut", "kuuele", "kuuega", "kuuel")),
        "7": ("*", ("seitse", "seitsme", "seitset", "seitsmele", "seitsmega", "seitsmel")),
        "8": ("*", ("kaheksa", "kaheksa", "kaheksat", "kaheksale", "kaheksaga", "kaheksal")),
        "9": ("*", ("üheksa", "üheksa", "üheksat", "üheksale", "üheksaga", "üheksal")),
        "S": ("*", ("kaart „Jäta käik vahele“", "kaardi „Jäta käik vahele“",
                    "kaarti „Jäta käik vahele“", "kaardile „Jäta käik vahele“",
                    "kaardiga „Jäta käik vahele“", "kaardil „Jäta käik vahele“")),
        "R": ("*", ("„Suunamuutus“", "„Suunamuutuse“", "„Suunamuutust“", "„Suunamuutusele“",
                    "„Suunamuutusega“", "„Suunamuutusel“")),
        "+2": ("*", ("+2", "+2", "+2", "+2-le", "+2-ga", "+2-l")),
    },
}

# The colour adjective of a coloured card, by colour and gender of the card's name.
COLOR_ADJ: Final[dict[str, dict[str, dict[str, Forms]]]] = {
    "en": {"R": {"*": ("red", "the red", "a red")},
           "Y": {"*": ("yellow", "the yellow", "a yellow")},
           "G": {"*": ("green", "the green", "a green")},
           "B": {"*": ("blue", "the blue", "a blue")}},
    "sk": {"R": {"f": ("červená", "červenej", "červenej", "červenú", "červenej", "červenou")},
           "Y": {"f": ("žltá", "žltej", "žltej", "žltú", "žltej", "žltou")},
           "G": {"f": ("zelená", "zelenej", "zelenej", "zelenú", "zelenej", "zelenou")},
           "B": {"f": ("modrá", "modrej", "modrej", "modrú", "modrej", "modrou")}},
    "cs": {"R": {"f": ("červená", "červené", "červené", "červenou", "červené", "červenou"),
                 "m": ("červený", "červeného", "červenému", "červený", "červeném", "červeným")},
           "Y": {"f": ("žlutá", "žluté", "žluté", "žlutou", "žluté", "žlutou"),
                 "m": ("žlutý", "žlutého", "žlutému", "žlutý", "žlutém", "žlutým")},
           "G": {"f": ("zelená", "zelené", "zelené", "zelenou", "zelené", "zelenou"),
                 "m": ("zelený", "zeleného", "zelenému", "zelený", "zeleném", "zeleným")},
           "B": {"f": ("modrá", "modré", "modré", "modrou", "modré", "modrou"),
                 "m": ("modrý", "modrého", "modrému", "modrý", "modrém", "modrým")}},
    "pl": {"R": {"f": ("czerwona", "czerwonej", "czerwonej", "czerwoną", "czerwoną", "czerwonej"),
                 "m": ("czerwony", "czerwonego", "czerwonemu", "czerwony", "czerwonym",
                       "czerwonym"),
                 "n": ("czerwone", "czerwonego", "czerwonemu", "czerwone", "czerwonym",
                       "czerwonym")},
           "Y": {"f": ("żółta", "żółtej", "żółtej", "żółtą", "żółtą", "żółtej"),
                 "m": ("żółty", "żółtego", "żółtemu", "żółty", "żółtym", "żółtym"),
                 "n": ("żółte", "żółtego", "żółtemu", "żółte", "żółtym", "żółtym")},
           "G": {"f": ("zielona", "zielonej", "zielonej", "zieloną", "zieloną", "zielonej"),
                 "m": ("zielony", "zielonego", "zielonemu", "zielony", "zielonym", "zielonym"),
                 "n": ("zielone", "zielonego", "zielonemu", "zielone", "zielonym", "zielonym")},
           "B": {"f": ("niebieska", "niebieskiej", "niebieskiej", "niebieską", "niebieską",
                       "niebieskiej"),
                 "m": ("niebieski", "niebieskiego", "niebieskiemu", "niebieski", "niebieskim",
                       "niebieskim"),
                 "n": ("niebieskie", "niebieskiego", "niebieskiemu", "niebieskie", "niebieskim",
                       "niebieskim")}},
    "hu": {"R": {"*": "a piros"}, "Y": {"*": "a sárga"}, "G": {"*": "a zöld"},
           "B": {"*": "a kék"}},
    "et": {"R": {"*": ("punane", "punase", "punast", "punasele", "punase", "punasel")},
           "Y": {"*": ("kollane", "kollase", "kollast", "kollasele", "kollase", "kollasel")},
           "G": {"*": ("roheline", "rohelise", "rohelist", "rohelisele", "rohelise",
                       "rohelisel")},
           "B": {"*": ("sinine", "sinise", "sinist", "sinisele", "sinise", "sinisel")}},
}

# Wild cards and the unknown card: one phrase each.
WILDS: Final[dict[str, dict[str, Forms]]] = {
    "en": {"W": ("Wild", "the Wild", "a Wild"), "W+4": ("+4", "the +4", "a +4"),
           "WX": ("Wild Swap Hands", "the Wild Swap Hands", "a Wild Swap Hands"),
           "WS": ("Wild Shuffle Hands", "the Wild Shuffle Hands", "a Wild Shuffle Hands"),
           "WC": ("blank card", "the blank card", "a blank card"),
           UNKNOWN: ("unknown card", "the unknown card", "an unknown card")},
    "sk": {"W": ("divoká karta", "divokej karty", "divokej karte", "divokú kartu",
                 "divokej karte", "divokou kartou"),
           "W+4": "+4",
           "WX": ("divoká karta Vymeň karty", "divokej karty Vymeň karty",
                  "divokej karte Vymeň karty", "divokú kartu Vymeň karty",
                  "divokej karte Vymeň karty", "divokou kartou Vymeň karty"),
           "WS": ("divoká karta Zamiešaj karty", "divokej karty Zamiešaj karty",
                  "divokej karte Zamiešaj karty", "divokú kartu Zamiešaj karty",
                  "divokej karte Zamiešaj karty", "divokou kartou Zamiešaj karty"),
           "WC": ("prázdna karta", "prázdnej karty", "prázdnej karte", "prázdnu kartu",
                  "prázdnej karte", "prázdnou kartou"),
           UNKNOWN: ("neznáma karta", "neznámej karty", "neznámej karte", "neznámu kartu",
                     "neznámej karte", "neznámou kartou")},
    "cs": {"W": ("divoká karta", "divoké karty", "divoké kartě", "divokou kartu", "divoké kartě",
                 "divokou kartou"),
           "W+4": "+4",
           "WX": ("divoká karta Vyměň karty", "divoké karty Vyměň karty",
                  "divoké kartě Vyměň karty", "divokou kartu Vyměň karty",
                  "divoké kartě Vyměň karty", "divokou kartou Vyměň karty"),
           "WS": ("divoká karta Zamíchej karty", "divoké karty Zamíchej karty",
                  "divoké kartě Zamíchej karty", "divokou kartu Zamíchej karty",
                  "divoké kartě Zamíchej karty", "divokou kartou Zamíchej karty"),
           "WC": ("prázdná karta", "prázdné karty", "prázdné kartě", "prázdnou kartu",
                  "prázdné kartě", "prázdnou kartou"),
           UNKNOWN: ("neznámá karta", "neznámé karty", "neznámé kartě", "neznámou kartu",
                     "neznámé kartě", "neznámou kartou")},
    "pl": {"W": ("karta Wybierz kolor", "karty Wybierz kolor", "karcie Wybierz kolor",
                 "kartę Wybierz kolor", "kartą Wybierz kolor", "karcie Wybierz kolor"),
           "W+4": "+4",
           "WX": ("karta Wymień karty", "karty Wymień karty", "karcie Wymień karty",
                  "kartę Wymień karty", "kartą Wymień karty", "karcie Wymień karty"),
           "WS": ("karta Zamiana kart", "karty Zamiana kart", "karcie Zamiana kart",
                  "kartę Zamiana kart", "kartą Zamiana kart", "karcie Zamiana kart"),
           "WC": ("karta Zadanie specjalne", "karty Zadanie specjalne",
                  "karcie Zadanie specjalne", "kartę Zadanie specjalne",
                  "kartą Zadanie specjalne", "karcie Zadanie specjalne"),
           UNKNOWN: ("nieznana karta", "nieznanej karty", "nieznanej karcie", "nieznaną kartę",
                     "nieznaną kartą", "nieznanej karcie")},
    "hu": {"W": ("a Színválasztó", "a Színválasztót", "a Színválasztóra", "a Színválasztóval",
                 "a Színválasztónak"),
           "W+4": ("a +4-es", "a +4-est", "a +4-esre", "a +4-essel", "a +4-esnek"),
           "WX": ("a „Cseréljetek kártyát!” lap", "a „Cseréljetek kártyát!” lapot",
                  "a „Cseréljetek kártyát!” lapra", "a „Cseréljetek kártyát!” lappal",
                  "a „Cseréljetek kártyát!” lapnak"),
           "WS": ("a „Keverd össze a lapokat!” lap", "a „Keverd össze a lapokat!” lapot",
                  "a „Keverd össze a lapokat!” lapra", "a „Keverd össze a lapokat!” lappal",
                  "a „Keverd össze a lapokat!” lapnak"),
           "WC": ("az üres kártya", "az üres kártyát", "az üres kártyára", "az üres kártyával",
                  "az üres kártyának"),
           UNKNOWN: ("az ismeretlen lap", "az ismeretlen lapot", "az ismeretlen lapra",
                     "az ismeretlen lappal", "az ismeretlen lapnak")},
    "et": {"W": ("kaart „Vali värv“", "kaardi „Vali värv“", "kaarti „Vali värv“",
                 "kaardile „Vali värv“", "kaardiga „Vali värv“", "kaardil „Vali värv“"),
           "W+4": ("+4", "+4", "+4", "+4-le", "+4-ga", "+4-l"),
           "WX": ("kaart „Vaheta kaardid“", "kaardi „Vaheta kaardid“", "kaarti „Vaheta kaardid“",
                  "kaardile „Vaheta kaardid“", "kaardiga „Vaheta kaardid“",
                  "kaardil „Vaheta kaardid“"),
           "WS": ("kaart „Sega kaardid“", "kaardi „Sega kaardid“", "kaarti „Sega kaardid“",
                  "kaardile „Sega kaardid“", "kaardiga „Sega kaardid“", "kaardil „Sega kaardid“"),
           "WC": ("tühi kaart", "tühja kaardi", "tühja kaarti", "tühjale kaardile",
                  "tühja kaardiga", "tühjal kaardil"),
           UNKNOWN: ("tundmatu kaart", "tundmatu kaardi", "tundmatut kaarti",
                     "tundmatule kaardile", "tundmatu kaardiga", "tundmatul kaardil")},
}

# A colour on its own: the colour in play, the colour named (sk/cs: as "farba/barva", f.;
# pl: as "kolor", m.). ``None``: no colour yet (only before the first Wild's colour is named).
COLORS: Final[dict[str, dict[str | None, Forms]]] = {
    "en": {"R": "red", "Y": "yellow", "G": "green", "B": "blue", None: "no colour yet"},
    "sk": {"R": ("červená", "červenej", "červenej", "červenú", "červenej", "červenou"),
           "Y": ("žltá", "žltej", "žltej", "žltú", "žltej", "žltou"),
           "G": ("zelená", "zelenej", "zelenej", "zelenú", "zelenej", "zelenou"),
           "B": ("modrá", "modrej", "modrej", "modrú", "modrej", "modrou"),
           None: "zatiaľ žiadna"},
    "cs": {"R": ("červená", "červené", "červené", "červenou", "červené", "červenou"),
           "Y": ("žlutá", "žluté", "žluté", "žlutou", "žluté", "žlutou"),
           "G": ("zelená", "zelené", "zelené", "zelenou", "zelené", "zelenou"),
           "B": ("modrá", "modré", "modré", "modrou", "modré", "modrou"),
           None: "zatím žádná"},
    "pl": {"R": ("czerwony", "czerwonego", "czerwonemu", "czerwony", "czerwonym", "czerwonym"),
           "Y": ("żółty", "żółtego", "żółtemu", "żółty", "żółtym", "żółtym"),
           "G": ("zielony", "zielonego", "zielonemu", "zielony", "zielonym", "zielonym"),
           "B": ("niebieski", "niebieskiego", "niebieskiemu", "niebieski", "niebieskim",
                 "niebieskim"),
           None: "jeszcze żaden"},
    "hu": {"R": ("piros", "pirosat", "pirosra", "pirossal", "pirosnak", "pirosból"),
           "Y": ("sárga", "sárgát", "sárgára", "sárgával", "sárgának", "sárgából"),
           "G": ("zöld", "zöldet", "zöldre", "zölddel", "zöldnek", "zöldből"),
           "B": ("kék", "kéket", "kékre", "kékkel", "kéknek", "kékből"),
           None: "még nincs szín"},
    "et": {"R": ("punane", "punase", "punast"), "Y": ("kollane", "kollase", "kollast"),
           "G": ("roheline", "rohelise", "rohelist"), "B": ("sinine", "sinise", "sinist"),
           None: "veel pole värvi"},
}

# A number of cards or points: by plural form (one, few, many; see plural_form), the phrase
# in every case, with ``{n}`` for the number.
COUNTS: Final[dict[str, dict[str, dict[str, Forms]]]] = {
    "en": {"cards": {"one": "{n} card", "many": "{n} cards"},
           "points": {"one": "{n} point", "many": "{n} points"}},
    "sk": {"cards": {
        "one": ("{n} karta", "{n} karty", "{n} karte", "{n} kartu", "{n} karte", "{n} kartou"),
        "few": ("{n} karty", "{n} kariet", "{n} kartám", "{n} karty", "{n} kartách",
                "{n} kartami"),
        "many": ("{n} kariet", "{n} kariet", "{n} kartám", "{n} kariet", "{n} kartách",
                 "{n} kartami")},
        "points": {
        "one": ("{n} bod", "{n} bodu", "{n} bodu", "{n} bod", "{n} bode", "{n} bodom"),
        "few": ("{n} body", "{n} bodov", "{n} bodom", "{n} body", "{n} bodoch", "{n} bodmi"),
        "many": ("{n} bodov", "{n} bodov", "{n} bodom", "{n} bodov", "{n} bodoch",
                 "{n} bodmi")}},
    "cs": {"cards": {
        "one": ("{n} karta", "{n} karty", "{n} kartě", "{n} kartu", "{n} kartě", "{n} kartou"),
        "few": ("{n} karty", "{n} karet", "{n} kartám", "{n} karty", "{n} kartách",
                "{n} kartami"),
        "many": ("{n} karet", "{n} karet", "{n} kartám", "{n} karet", "{n} kartách",
                 "{n} kartami")},
        "points": {
        "one": ("{n} bod", "{n} bodu", "{n} bodu", "{n} bod", "{n} bodu", "{n} bodem"),
        "few": ("{n} body", "{n} bodů", "{n} bodům", "{n} body", "{n} bodech", "{n} body"),
        "many": ("{n} bodů", "{n} bodů", "{n} bodům", "{n} bodů", "{n} bodech", "{n} body")}},
    "pl": {"cards": {
        "one": ("{n} karta", "{n} karty", "{n} karcie", "{n} kartę", "{n} kartą", "{n} karcie"),
        "few": ("{n} karty", "{n} kart", "{n} kartom", "{n} karty", "{n} kartami",
                "{n} kartach"),
        "many": ("{n} kart", "{n} kart", "{n} kartom", "{n} kart", "{n} kartami",
                 "{n} kartach")},
        "points": {
        "one": ("{n} punkt", "{n} punktu", "{n} punktowi", "{n} punkt", "{n} punktem",
                "{n} punkcie"),
        "few": ("{n} punkty", "{n} punktów", "{n} punktom", "{n} punkty", "{n} punktami",
                "{n} punktach"),
        "many": ("{n} punktów", "{n} punktów", "{n} punktom", "{n} punktów", "{n} punktami",
                 "{n} punktach")}},
    "hu": {"cards": {"many": ("{n} lap", "{n} lapot", "{n} lapra", "{n} lappal", "{n} lapnak")},
           "points": {"many": ("{n} pont", "{n} pontot", "{n} pontra", "{n} ponttal",
                               "{n} pontnak")}},
    "et": {"cards": {
        "one": ("{n} kaart", "{n} kaardi", "{n} kaarti", "{n} kaardi", "{n} kaardile",
                "{n} kaardiga"),
        "many": ("{n} kaarti", "{n} kaardi", "{n} kaarti", "{n} kaarti", "{n} kaardile",
                 "{n} kaardiga")},
        "points": {
        "one": ("{n} punkt", "{n} punkti", "{n} punkti", "{n} punkti", "{n} punktile",
                "{n} punktiga"),
        "many": ("{n} punkti", "{n} punkti", "{n} punkti", "{n} punkti", "{n} punktile",
                 "{n} punktiga")}},
}

# The deck editions (rules option ``deck``).
DECKS: Final[dict[str, dict[str, Forms]]] = {
    "en": {"108": "the 108-card deck",
           "112-swap": "the 112-card deck with Wild Swap Hands",
           "112-shuffle": "the 112-card deck with Wild Shuffle Hands",
           "112-blank": "the 112-card deck with four blank cards"},
    "sk": {"108": ("balíček so 108 kartami", "balíčka so 108 kartami",
                   "balíčku so 108 kartami"),
           "112-swap": ("balíček so 112 kartami s kartou Vymeň karty",
                        "balíčka so 112 kartami s kartou Vymeň karty",
                        "balíčku so 112 kartami s kartou Vymeň karty"),
           "112-shuffle": ("balíček so 112 kartami s kartou Zamiešaj karty",
                           "balíčka so 112 kartami s kartou Zamiešaj karty",
                           "balíčku so 112 kartami s kartou Zamiešaj karty"),
           "112-blank": ("balíček so 112 kartami so štyrmi prázdnymi kartami",
                         "balíčka so 112 kartami so štyrmi prázdnymi kartami",
                         "balíčku so 112 kartami so štyrmi prázdnymi kartami")},
    "cs": {"108": ("balíček se 108 kartami", "balíčku se 108 kartami",
                   "balíčku se 108 kartami"),
           "112-swap": ("balíček se 112 kartami s divokou kartou Vyměň karty",
                        "balíčku se 112 kartami s divokou kartou Vyměň karty",
                        "balíčku se 112 kartami s divokou kartou Vyměň karty"),
           "112-shuffle": ("balíček se 112 kartami s divokou kartou Zamíchej karty",
                           "balíčku se 112 kartami s divokou kartou Zamíchej karty",
                           "balíčku se 112 kartami s divokou kartou Zamíchej karty"),
           "112-blank": ("balíček se 112 kartami (čtyři prázdné karty)",
                         "balíčku se 112 kartami (čtyři prázdné karty)",
                         "balíčku se 112 kartami (čtyři prázdné karty)")},
    "pl": {"108": ("talia 108 kart", "talii 108 kart", "talii 108 kart"),
           "112-swap": ("talia 112 kart z kartą Wymień karty",
                        "talii 112 kart z kartą Wymień karty",
                        "talii 112 kart z kartą Wymień karty"),
           "112-shuffle": ("talia 112 kart z kartą Zamiana kart",
                           "talii 112 kart z kartą Zamiana kart",
                           "talii 112 kart z kartą Zamiana kart"),
           "112-blank": ("talia 112 kart z czterema pustymi kartami",
                         "talii 112 kart z czterema pustymi kartami",
                         "talii 112 kart z czterema pustymi kartami")},
    "hu": {"108": ("a 108 lapos pakli", "a 108 lapos pakliban"),
           "112-swap": ("a 112 lapos pakli (a „Cseréljetek kártyát!” lappal)",
                        "a 112 lapos pakliban (a „Cseréljetek kártyát!” lappal)"),
           "112-shuffle": ("a 112 lapos pakli (a „Keverd össze a lapokat!” lappal)",
                           "a 112 lapos pakliban (a „Keverd össze a lapokat!” lappal)"),
           "112-blank": ("a 112 lapos pakli (négy üres kártyával)",
                         "a 112 lapos pakliban (négy üres kártyával)")},
    "et": {"108": ("108 kaardiga pakk", "108 kaardiga pakis"),
           "112-swap": ("112 kaardiga pakk (kaardiga „Vaheta kaardid“)",
                        "112 kaardiga pakis (kaardiga „Vaheta kaardid“)"),
           "112-shuffle": ("112 kaardiga pakk (kaardiga „Sega kaardid“)",
                           "112 kaardiga pakis (kaardiga „Sega kaardid“)"),
           "112-blank": ("112 kaardiga pakk (nelja tühja kaardiga)",
                         "112 kaardiga pakis (nelja tühja kaardiga)")},
}

#: a player without a name, by number (index + 1): a pattern, or the first ten spelled out
PLAYERS: Final[dict[str, str | tuple[str, ...]]] = {
    "en": "player {n}", "sk": "hráč {n}", "cs": "hráč {n}", "pl": "gracz {n}",
    "hu": ("az 1. játékos", "a 2. játékos", "a 3. játékos", "a 4. játékos", "az 5. játékos",
           "a 6. játékos", "a 7. játékos", "a 8. játékos", "a 9. játékos", "a 10. játékos"),
    "et": "mängija {n}",
}

#: the word that joins the last two items of a list of cards
AND: Final = {"en": " and ", "sk": " a ", "cs": " a ", "pl": " i ", "hu": " és ", "et": " ja "}

# ---------------------------------------------------------------------------------------------
# The printed names (card faces, the checker's buttons): the glossary's names, the colour in the
# gender of the name (pl "czerwona 7" but "zielony Postój"), the digit for number cards.

#: label pattern of a coloured card, and the gender of each rank's printed name
LABEL_PATTERN: Final = {lang: "{color} {rank}" for lang in CASES}
LABEL_GENDER: Final[dict[str, dict[str, str]]] = {
    "pl": {"S": "m", "0": "n", "*": "f"},  # zielony Postój; czerwone 0 (zero); czerwona 7, żółta +2
    "cs": {"S": "m", "*": "f"},  # zelený Skok; červená 7, žlutá +2, modrá Změna směru
}
#: the colour adjective of a label, where it differs from the glossary's base form
LABEL_COLOR: Final[dict[str, dict[str, dict[str, str]]]] = {
    "pl": {"f": {"R": "czerwona", "Y": "żółta", "G": "zielona", "B": "niebieska"},
           "n": {"R": "czerwone", "Y": "żółte", "G": "zielone", "B": "niebieskie"}},
    "cs": {"m": {"R": "červený", "Y": "žlutý", "G": "zelený", "B": "modrý"}},
}
#: the label of the unknown card
LABEL_UNKNOWN: Final = {"en": "an unknown card", "sk": "neznáma karta", "cs": "neznámá karta",
                        "pl": "nieznana karta", "hu": "ismeretlen lap", "et": "tundmatu kaart"}


# ---------------------------------------------------------------------------------------------
# Look-ups (and the table of every card in every case, built once).

def _pick(forms: Forms, case: str, cases: tuple[str, ...]) -> str:
    if isinstance(forms, str):
        if case not in cases:
            raise KeyError(case)
        return forms
    return forms[cases.index(case)]


def _build_cards() -> dict[str, dict[str, dict[str, str]]]:
    table: dict[str, dict[str, dict[str, str]]] = {}
    for lang, cases in CASES.items():
        per_card: dict[str, dict[str, str]] = {}
        for card in ALL_CARDS + (UNKNOWN,):
            color = COLOR_OF[card]
            if color is None:
                per_card[card] = {c: _pick(WILDS[lang][card], c, cases) for c in cases}
                continue
            gender, noun = RANKS[lang][RANK_OF[card]]
            adj = COLOR_ADJ[lang][color][gender]
            per_card[card] = {c: f"{_pick(adj, c, cases)} {_pick(noun, c, cases)}"
                              for c in cases}
        table[lang] = per_card
    return table


#: every card (and the unknown card ``?``) in every case of every language: lang -> card -> case
CARD_FORMS: Final[dict[str, dict[str, dict[str, str]]]] = _build_cards()


def card_form(card: str, case: str, lang: str) -> str:
    """A card's name in a case (``KeyError`` for a case the language does not have)."""
    return CARD_FORMS[lang][card][case or CASES[lang][0]]


def color_form(color: str | None, case: str, lang: str) -> str:
    """A colour on its own in a case; ``None``: no colour yet."""
    cases = COLOR_CASES[lang]
    return _pick(COLORS[lang][color], case or cases[0], cases)


def plural_form(count: int, lang: str) -> str:
    """``one``, ``few`` or ``many``: the plural form a number takes in a language.

    >>> [plural_form(n, "pl") for n in (1, 2, 5, 12, 22, 25)]
    ['one', 'few', 'many', 'many', 'few', 'many']
    """
    if lang == "hu":
        return "many"
    if count == 1:
        return "one"
    if lang in ("sk", "cs"):
        return "few" if 2 <= count <= 4 else "many"
    if lang == "pl":
        return "few" if count % 10 in (2, 3, 4) and count % 100 not in (12, 13, 14) else "many"
    return "many"


def count_form(count: int, noun: str, case: str, lang: str) -> str:
    """A number of ``cards`` or ``points`` in a case: sk ``3 karty``, et ``1 kaardi``."""
    cases = COUNT_CASES[lang]
    forms = COUNTS[lang][noun]
    pattern = forms.get(plural_form(count, lang)) or forms["many"]
    return _pick(pattern, case or cases[0], cases).format(n=count)


def deck_form(deck: str, case: str, lang: str) -> str:
    """A deck edition in a case."""
    cases = DECK_CASES[lang]
    return _pick(DECKS[lang][deck], case or cases[0], cases)


def player_form(index: int, lang: str) -> str:
    """A player without a name: player 1, hráč 2, az 1. játékos."""
    pattern = PLAYERS[lang]
    if isinstance(pattern, tuple):
        if 0 <= index < len(pattern):
            return pattern[index]
        return f"a(z) {index + 1}. játékos"
    return pattern.format(n=index + 1)


__all__ = ["AND", "CARD_FORMS", "CASES", "OBJECT_CASE", "COLORS", "COLOR_ADJ", "COLOR_CASES", "COUNTS",
           "COUNT_CASES", "DECKS", "DECK_CASES", "PLAYERS", "RANKS", "WILDS", "card_form",
           "color_form", "count_form", "deck_form", "player_form", "plural_form"]
