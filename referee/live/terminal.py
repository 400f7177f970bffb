"""Was das Terminal über einen laufenden Live-Server zeigt: QR-Code und Reichweite."""

from __future__ import annotations

import ipaddress


def qr_text(url: str, kompakt: bool = True) -> str:
    """Der QR-Code zu ``url`` fürs Terminal (kompakt: Unicode-Halbblöcke, sonst ANSI-Farben)."""
    import io

    import segno

    aus = io.StringIO()
    segno.make(url, error="m").terminal(out=aus, compact=kompakt)
    return aus.getvalue()


def qr_png(url: str, skala: int = 10) -> bytes:
    """Der QR-Code zu ``url`` als PNG (für die PDF mit einer Seite je Tisch)."""
    import io

    import segno

    aus = io.BytesIO()
    segno.make(url, error="m").save(aus, kind="png", scale=skala, border=2)
    return aus.getvalue()


def nur_lokal(host: str) -> bool:
    """Nur von diesem Rechner aus erreichbar (Loopback)?"""
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"
