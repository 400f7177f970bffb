"""Derselbe Mensch unter zwei Namen: Aliase auflösen und Namen finden – ohne zu raten.

Ein Alias sagt „``Sepp`` ist ``Sepp Huber``“. Die Namen in Abenden und Turnieren bleiben, wie
sie geschrieben wurden; erst die Saison zählt beide als eine Person, unter dem Namen, auf den
die Kette zeigt (``Sepp`` → ``Sepp Huber`` → …). Verglichen wird wie überall mit
``namensschluessel`` (Groß-/Kleinschreibung, Leerraum).

Ein Name muss genau stimmen. Passt er nicht, aber fangen mehrere bekannte Namen so an, fragt
referee zurück (``Mehrdeutig``: „Sepp Huber oder Sepp Maier?“); sonst nennt es ähnliche Namen.

>>> a = [Alias(1, "", "alias", "Sepp", "Sepp Huber"), Alias(2, "", "alias", "Seppi", "sepp")]
>>> aufloesung(a)
{'sepp': 'Sepp Huber', 'seppi': 'Sepp Huber'}
>>> person("SEPPI", aufloesung(a))
'Sepp Huber'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from referee.errors import Eingabefehler, Mehrdeutig, Zustandsfehler
from referee.namen import namensschluessel, vorschlag
from referee.saison.daten import Alias


def geltende(verlauf: Iterable[Alias]) -> list[Alias]:
    """Die Aliase aus allen Zeilen (``alias`` und ``trennung``), die nicht aufgehoben sind."""
    verlauf = list(verlauf)
    aufgehoben = {a.bezug for a in verlauf if a.art == "trennung"}
    return [a for a in verlauf if a.art == "alias" and a.id not in aufgehoben]


def aufloesung(aliase: Iterable[Alias]) -> dict[str, str]:
    """Je Schlüssel eines Alias-Namens der Name der Person, auf die seine Kette zeigt (das
    letzte Ziel, in seiner Schreibweise). Eine Kette im Kreis gibt es nicht (``pruefe_alias``)."""
    ziel = {namensschluessel(a.name): a.ziel for a in aliase}
    aus = {}
    for k, erstes in ziel.items():
        name, gesehen = erstes, {k}
        while namensschluessel(name) in ziel and namensschluessel(name) not in gesehen:
            gesehen.add(namensschluessel(name))
            name = ziel[namensschluessel(name)]
        aus[k] = name
    return aus


def person(name: str, aufl: Mapping[str, str]) -> str:
    """Der Name der Person, für die ``name`` steht (ohne Alias: ``name`` selbst)."""
    return aufl.get(namensschluessel(name), name)


def pruefe_alias(name: str, ziel: str, aliase: Iterable[Alias]) -> None:
    """Darf „``name`` ist ``ziel``“ dazukommen? Nicht derselbe Name, ``name`` hat noch keinen
    Alias, und ``ziel`` führt nicht im Kreis zu ``name`` zurück; sonst ``Zustandsfehler``."""
    aliase = list(aliase)
    if namensschluessel(name) == namensschluessel(ziel):
        raise Eingabefehler(f"„{name}“ und „{ziel}“ sind derselbe Name; nichts zusammengeführt.")
    aufl = aufloesung(aliase)
    schon = aufl.get(namensschluessel(name))
    if schon is not None:
        raise Zustandsfehler(
            f"„{name}“ zählt schon als „{schon}“. Erst trennen: referee spieler trennen "
            f'"{name}"; nichts zusammengeführt.'
        )
    if namensschluessel(person(ziel, aufl)) == namensschluessel(name):
        raise Zustandsfehler(
            f"„{ziel}“ zählt schon als „{name}“ – andersherum wäre es ein Kreis; nichts "
            "zusammengeführt."
        )


def finde(name: str, bekannte: Iterable[str], was: str = "Spieler") -> str:
    """Der bekannte Name zu ``name`` (genau, ohne Groß-/Kleinschreibung). Fangen mehrere
    bekannte Namen so an: ``Mehrdeutig`` mit allen; sonst ``Eingabefehler`` mit Vorschlag.

    >>> finde("sepp huber", ["Sepp Huber", "Sepp Maier"])
    'Sepp Huber'
    """
    liste = list(dict.fromkeys(bekannte))
    k = namensschluessel(name)
    for b in liste:
        if namensschluessel(b) == k:
            return b
    anfang = [b for b in liste if k and namensschluessel(b).startswith(k)]
    if len(anfang) > 1:
        raise Mehrdeutig(
            f"„{name}“ ist nicht eindeutig: "
            + " oder ".join(f"„{b}“" for b in sorted(anfang, key=namensschluessel))
            + "? Bitte den ganzen Namen angeben."
        )
    raise Eingabefehler(
        f"{was} „{name}“ kommt in keinem Abend und keinem Turnier vor."
        + (vorschlag(name, liste) or (" Bekannt: " + ", ".join(liste[:12]) + "." if liste else ""))
    )


__all__ = ["aufloesung", "finde", "geltende", "person", "pruefe_alias"]
