"""Darf KARTE auf OBEN gelegt werden? (SAUFN-Prinzip, weiße/goldene Karten, +2/+4.)

Reihenfolge der Prüfung:

1. Steht ein +2/+4 offen (``plus`` > 0), darf nur +2 oder +4 gelegt werden
   (saufn.weisse-karten); sonst trinkt man die aufsummierten Schlücke.
2. Weiße und goldene Karten dürfen immer gelegt werden (saufn.saufn-prinzip).
   Goldene Karten kommen vor einen Mitspieler, der Ablagestapel bleibt, wie er war
   (saufn.goldene-karten).
3. Buchstabenkarten: derselbe oder der nächste Buchstabe in S→A→U→F→N, nach N
   wieder S (saufn.saufn-prinzip); nach einer weißen Karte alles.
   „A – Abändern“ nur, wenn mindestens eine goldene Karte liegt (saufn.abaendern).
   „A – Auf den Kopf“ kommt beim ersten Ausspielen auf einen Kopf, oben bleibt die
   vorige Karte (saufn.auf-den-kopf). Wer sie aus der Hand spielt, spielt sie zum
   ersten Mal aus (Voreinstellung ``kopf_erstmals=True``); auf den Ablagestapel kommt
   sie erst, wenn sie vom Kopf fällt – dann gilt ihr A.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.errors import Eingabefehler, Regelverstoss
from referee.saufn.karten import KATEGORIE_TEXT, Buchstabe, Karte, Kategorie

#: Wörtliche Zitate aus dem Regeltext, je mit der Abschnitts-ID, in der sie stehen.
ZITATE: dict[str, tuple[str, str]] = {
    "prinzip": (
        "saufn.saufn-prinzip",
        "Liegt ein Buchstabe auf dem Ablegestapel, kann derselbe oder der darauffolgende "
        "Buchstabe im Wort „SAUFN“ gelegt werden.",
    ),
    "frei": (
        "saufn.saufn-prinzip",
        "Die weißen und goldenen Spielkarten können unabhängig von der bereits liegenden "
        "Karte gelegt werden.",
    ),
    "nach_weiss": (
        "saufn.saufn-prinzip",
        "Auch nach einer weißen Karte kann eine beliebige Karte gelegt werden.",
    ),
    "gold": (
        "saufn.goldene-karten",
        "Dadurch, dass die Goldene Karte nicht auf dem Ablagestapel liegt, muss die nächste "
        "Person den Ablagestapel bzw. die Reihenfolge der Buchstabenkarten berücksichtigen.",
    ),
    "abaendern": (
        "saufn.abaendern",
        "Du darfst diese Karte nur ausspielen, wenn mindestens eine Goldene Karte liegt.",
    ),
    "kopf": (
        "saufn.auf-den-kopf",
        "Wenn die Karte das erste Mal ausgespielt wird, legt man sie direkt auf den Kopf. "
        "Das bedeutet, die nächste Karte richtet sich an den Buchstaben, der vorher "
        "ausgespielt wurde.",
    ),
    "kopf_gefallen": (
        "saufn.auf-den-kopf",
        "Erst wenn die Karte nach dem Runterfallen auf den Ablagestapel gelegt wird, orientiert "
        "man sich an dem „A“ der Karte.",
    ),
    "ziehen": (
        "saufn.nicht-legen",
        "Wer nicht legen kann oder will, muss eine Karte ziehen. Diese kann, wenn man möchte, "
        "direkt ausgespielt werden.",
    ),
    "plus": (
        "saufn.weisse-karten",
        "Auf diese Weise können sich die Karten und Schlücke aufsummieren, bis ein Spieler "
        "keine +2 oder +4 Karte mehr hat und alle bisher gelegten Schlücke trinken muss.",
    ),
    "spielverderber_gold": (
        "saufn.weisse-karten",
        "Die Spielverderber-Karte zerstört eine Goldkarte und macht sie ungültig. Beide Karten "
        "kommen nach dem Ausspielen auf den Ablagestapel.",
    ),
    "spielverderber": (
        "saufn.weisse-karten",
        "Man kann die Spielverderber-Karte auch normal spielen, ohne eine Goldene Karte zu "
        "zerstören.",
    ),
}

#: Die Zeile „Liegt ein X, kann ein X oder Y gelegt werden.“ je Buchstabe.
ZEILE = {
    Buchstabe.S: "Liegt ein S, kann ein S oder A gelegt werden.",
    Buchstabe.A: "Liegt ein A, kann ein A oder U gelegt werden.",
    Buchstabe.U: "Liegt ein U, kann ein U oder F gelegt werden.",
    Buchstabe.F: "Liegt ein F, kann ein F oder N gelegt werden.",
    Buchstabe.N: "Liegt ein N, kann ein N oder wieder ein S gelegt werden.",
}

WEISS = KATEGORIE_TEXT[Kategorie.WEISS]
GOLD = KATEGORIE_TEXT[Kategorie.GOLD]


def _z(schluessel: str) -> str:
    return f"„{ZITATE[schluessel][1]}“"


@dataclass(frozen=True)
class Folgeauskunft:
    """Die Antwort auf „darf KARTE auf OBEN?“ – mit den Alternativen (``moeglich``)."""

    erlaubt: bool
    grund: str
    #: Was auf OBEN gelegt werden darf („U“, „F“, „weiße Karte“, „goldene Karte“ / „+2“, „+4“).
    moeglich: tuple[str, ...]
    #: Zitierte Abschnitte, der wichtigste zuerst.
    abschnitte: tuple[str, ...]
    #: Was danach oben auf dem Ablagestapel liegt (bei Verbot: unverändert OBEN).
    oben_danach: str
    #: Schlücke, die der nächste Spieler trinkt, wenn er kein +2/+4 legen kann.
    schluecke: int | None = None
    #: Schlücke, die man selbst trinkt, wenn man kein +2/+4 hat (offenes +2/+4).
    selbst_trinken: int | None = None
    hinweise: tuple[str, ...] = ()

    @property
    def abschnitt(self) -> str:
        return self.abschnitte[0]

    def als_json(self) -> dict[str, object]:
        """Die JSON-Antwort von ``referee saufn folgt`` (ohne die Karten selbst);
        ``schluecke``, ``selbst_trinken`` und ``hinweise`` nur, wenn es sie gibt."""
        daten: dict[str, object] = {
            "erlaubt": self.erlaubt,
            "grund": self.grund,
            "moeglich": list(self.moeglich),
            "oben_danach": self.oben_danach,
            "abschnitt": self.abschnitt,
            "abschnitte": list(self.abschnitte),
        }
        if self.schluecke is not None:
            daten["schluecke"] = self.schluecke
        if self.selbst_trinken is not None:
            daten["selbst_trinken"] = self.selbst_trinken
        if self.hinweise:
            daten["hinweise"] = list(self.hinweise)
        return daten


def moeglich_auf(oben: Karte, plus: int = 0) -> tuple[str, ...]:
    """Was auf OBEN gelegt werden darf, als kurze Liste."""
    if plus:
        return ("+2", "+4")
    b = oben.buchstabe
    if oben.kategorie is Kategorie.BUCHSTABE and b is not None:
        return (b.value, b.naechster.value, WEISS, GOLD)
    return (*(b.value for b in Buchstabe), WEISS, GOLD)


def pruefe_oben(oben: Karte, plus: int = 0) -> None:
    """Kann OBEN überhaupt oben auf dem Ablagestapel liegen? Sonst ``Eingabefehler``."""
    if oben.kategorie is Kategorie.GOLD:
        raise Eingabefehler(
            f"OBEN „{oben}“ ist eine goldene Karte; goldene Karten liegen nie oben auf dem "
            f"Ablagestapel, sondern vor einem Mitspieler ({_z('gold')}). Gib als OBEN die "
            f"oberste Karte des Ablagestapels an."
        )
    if plus < 0:
        raise Eingabefehler(f"--plus {plus}: die offenen Schlücke können nicht negativ sein.")
    if plus:
        if plus % 2:
            raise Eingabefehler(
                f"--plus {plus}: aufsummierte +2/+4-Karten ergeben immer eine gerade Zahl."
            )
        if oben.kategorie is not Kategorie.WEISS or (oben.name and not oben.ist_plus):
            raise Eingabefehler(
                f"--plus {plus} passt nicht zu OBEN „{oben}“: offene Schlücke gibt es nur, "
                f"wenn oben ein +2 oder +4 liegt."
            )
        if plus < oben.schluecke:
            raise Eingabefehler(f"--plus {plus} ist kleiner als das oben liegende „{oben}“ allein.")


def folgt_auskunft(
    karte: Karte, oben: Karte, *, gold: bool = False, plus: int = 0, kopf_erstmals: bool = True
) -> Folgeauskunft:
    """Darf ``karte`` auf ``oben`` gelegt werden?

    ``gold``: mindestens eine goldene Karte liegt vor jemandem (für Abändern);
    ``plus``: schon aufsummierte Schlücke aus offenen +2/+4-Karten;
    ``kopf_erstmals``: „Auf den Kopf“ wird zum ersten Mal ausgespielt und kommt auf
    einen Kopf (Voreinstellung); ``False``: sie kommt auf den Ablagestapel.
    OBEN „Auf den Kopf“ heißt: sie ist vom Kopf gefallen und liegt als A auf dem Stapel.
    """
    pruefe_oben(oben, plus)
    moeglich = moeglich_auf(oben, plus)
    hinweise: list[str] = []
    if karte.angenommen and karte.name == "Sauftrumpf":
        hinweise.append(
            f"Bei „Sauftrumpf“ nennt der Regeltext weder Kategorie noch Buchstaben; "
            f"hier gilt deine Angabe „{karte}“."
        )
    if oben.name == "Auf den Kopf":
        hinweise.append(
            f"Oben liegt „A – Auf den Kopf“: sie ist vom Kopf gefallen und gilt als A: "
            f"{_z('kopf_gefallen')}"
        )
    if oben.kategorie is Kategorie.WEISS and oben.ist_plus and not plus:
        hinweise.append(
            f"Oben liegt „{oben}“: Ist es noch offen (nicht getrunken), gib --plus an – dann "
            f"darf nur +2 oder +4 folgen."
        )

    # 1. offenes +2/+4
    if plus:
        if karte.ist_plus:
            summe = plus + karte.schluecke
            return Folgeauskunft(
                True,
                f"Ja: Auf ein offenes +2/+4 darf „{karte}“ gelegt werden; die Schlücke summieren "
                f"sich auf {plus} + {karte.schluecke} = {summe}. Kann der nächste Spieler kein "
                f"+2 oder +4 legen, trinkt er {summe} Schlücke. Regel: {_z('plus')}",
                moeglich,
                (ZITATE["plus"][0],),
                str(karte),
                schluecke=summe,
                hinweise=tuple(hinweise),
            )
        return Folgeauskunft(
            False,
            f"Nein: Es stehen noch {plus} Schlücke aus +2/+4 offen; darauf darf nur ein +2 oder "
            f"+4 gelegt werden, nicht „{karte}“. Ohne +2/+4 trinkst du die {plus} Schlücke. "
            f"Regel: {_z('plus')}",
            moeglich,
            (ZITATE["plus"][0],),
            str(oben),
            selbst_trinken=plus,
            hinweise=tuple(hinweise),
        )

    # 2. weiße und goldene Karten
    if karte.kategorie is Kategorie.GOLD:
        return Folgeauskunft(
            True,
            f"Ja: Goldene Karten dürfen immer gelegt werden ({_z('frei')}). Sie kommen vor "
            f"einen Mitspieler, nicht auf den Ablagestapel – oben bleibt „{oben}“. "
            f"Regel: {_z('gold')}",
            moeglich,
            (ZITATE["frei"][0], ZITATE["gold"][0]),
            str(oben),
            hinweise=tuple(hinweise),
        )
    if karte.kategorie is Kategorie.WEISS:
        satz = f"Ja: Weiße Karten dürfen immer gelegt werden. Regel: {_z('frei')}"
        quellen = [ZITATE["frei"][0]]
        schluecke = None
        if karte.ist_plus:
            schluecke = karte.schluecke
            satz += (
                f" Kann der nächste Spieler kein +2 oder +4 legen, trinkt er {schluecke} Schlücke."
            )
            quellen.append(ZITATE["plus"][0])
        elif karte.name == "Spielverderber" and not gold:
            satz += f" Ohne goldene Karte passiert nichts: {_z('spielverderber')}"
            quellen.append(ZITATE["spielverderber"][0])
        elif karte.name == "Spielverderber":
            satz += (
                f" Er darf eine goldene Karte zerstören: {_z('spielverderber_gold')} "
                "Oben liegt dann der Spielverderber."
            )
            quellen.append(ZITATE["spielverderber_gold"][0])
        satz += f" Danach darf jede Karte folgen: {_z('nach_weiss')}"
        return Folgeauskunft(
            True,
            satz,
            moeglich,
            tuple(quellen),
            str(karte),
            schluecke=schluecke,
            hinweise=tuple(hinweise),
        )

    # 3. Buchstabenkarten
    assert karte.buchstabe is not None
    fehler: list[str] = []
    abschnitte: list[str] = []
    if karte.name == "Abändern" and not gold:
        fehler.append(
            f"„A – Abändern“ nur, wenn mindestens eine goldene Karte vor jemandem liegt "
            f"(--gold): {_z('abaendern')}"
        )
        if "A" in moeglich:
            fehler[-1] += " Eine andere A-Karte wäre erlaubt."
        abschnitte.append(ZITATE["abaendern"][0])
    if oben.kategorie is Kategorie.WEISS:
        buchstabe_ok = True
        buchstabe_satz = f"Nach einer weißen Karte darf jede Karte folgen: {_z('nach_weiss')}"
        buchstabe_abschnitt = ZITATE["nach_weiss"][0]
    else:
        b = oben.buchstabe
        assert b is not None  # OBEN ist weder weiß noch golden (pruefe_oben)
        buchstabe_ok = karte.buchstabe in (b, b.naechster)
        buchstabe_satz = f"„{ZEILE[b]}“"
        buchstabe_abschnitt = ZITATE["prinzip"][0]
    if not buchstabe_ok:
        assert oben.buchstabe is not None
        fehler.insert(
            0, f"{karte.buchstabe.value} folgt nicht auf {oben.buchstabe.value}: {buchstabe_satz}"
        )
        abschnitte.insert(0, buchstabe_abschnitt)
    if fehler:
        hinweise.append(f"Passt nichts davon: {_z('ziehen')} (saufn.nicht-legen)")
        return Folgeauskunft(
            False,
            "Nein: " + " Außerdem: ".join(fehler),
            moeglich,
            tuple(abschnitte),
            str(oben),
            hinweise=tuple(hinweise),
        )

    abschnitte = [buchstabe_abschnitt]
    satz = f"Ja: „{karte.anzeige}“ darf auf „{oben.anzeige}“ – {buchstabe_satz}"
    oben_danach = str(karte)
    if karte.name == "Abändern":
        satz += f" Eine goldene Karte liegt (--gold), also ist Abändern erlaubt: {_z('abaendern')}"
        abschnitte.append(ZITATE["abaendern"][0])
    if karte.name == "Auf den Kopf":
        abschnitte.append(ZITATE["kopf"][0])
        if kopf_erstmals:
            oben_danach = str(oben)
            satz += (
                f" Beim ersten Ausspielen kommt sie auf einen Kopf, oben bleibt „{oben}“: "
                f"{_z('kopf')}"
            )
        else:
            hinweise.append(
                "„Auf den Kopf“ mit --kopf-erneut: sie kommt auf den Ablagestapel und gilt als "
                "A. Beim ersten Ausspielen käme sie auf einen Kopf und oben bliebe die vorige "
                "Karte."
            )
    return Folgeauskunft(
        True, satz, moeglich, tuple(abschnitte), oben_danach, hinweise=tuple(hinweise)
    )


def folgt_erlaubt(
    karte: Karte, oben: Karte, *, gold: bool = False, plus: int = 0, kopf_erstmals: bool = True
) -> bool:
    """``True``, wenn ``karte`` auf ``oben`` gelegt werden darf."""
    return folgt_auskunft(karte, oben, gold=gold, plus=plus, kopf_erstmals=kopf_erstmals).erlaubt


def pruefe_folgt(
    karte: Karte, oben: Karte, *, gold: bool = False, plus: int = 0, kopf_erstmals: bool = True
) -> None:
    """Wie ``folgt_auskunft``, aber ein Verbot wird als ``Regelverstoss`` geworfen."""
    e = folgt_auskunft(karte, oben, gold=gold, plus=plus, kopf_erstmals=kopf_erstmals)
    if not e.erlaubt:
        raise Regelverstoss(e.grund, e.abschnitt)
