"use strict";
// Die Eingabeseite von „referee live --schreiben“: aus den angetippten Knöpfen entsteht die
// Zeile von „referee tisch“ (r an be 71 l3, sb an 3 7 J / be AJ 2, sf cem an be, sm dora);
// der Server liest sie mit dem Parser von tisch, rechnet die Vorschau und trägt ein.
// Jeder Schreibvorgang bekommt einen Schlüssel und wartet im Ausgang (localStorage), bis der
// Server geantwortet hat – eine verlorene Antwort wird mit demselben Schlüssel wiederholt.
// Am Turniertisch („referee turnier live --schreiben“) schickt der Server dazu, welche Spiele
// die Wertung erlaubt (daten.spiele), welche Zusätze zählen (daten.zusaetze), wer aussetzt,
// die Kopfzeile des Tisches (daten.kopf) und die Nummer des nächsten Spiels (daten.naechstes).
(function () {
  var $ = function (id) { return document.getElementById(id); };
  var wurzel = $("wurzel");
  var eingabe = $("eingabe");
  var status = $("status");
  var stand = $("stand");
  if (!wurzel || !eingabe || !window.fetch || !window.EventSource || !window.JSON) { return; }
  eingabe.hidden = false;
  var basis = wurzel.getAttribute("data-basis");
  var SPEICHER = "referee-ausgang:" + basis;

  var SCHAFKOPF = { r: 1, w: 1, g: 1, solo: 1, fw: 1, fg: 1, ramsch: 1, b: 1 };
  var MIT_FARBE = { solo: 1, fw: 1, fg: 1 };
  var ALLEIN = { w: 1, g: 1, solo: 1, fw: 1, fg: 1, b: 1 };
  var TOUT = { w: 1, g: 1, solo: 1, fw: 1, fg: 1 };

  var daten = { spieler: [], eintraege: [], offen: false, meldung: "Verbinde mit dem Buch …", letzter: null };
  var kuerzel = {};
  var form = leer();
  var korrektur = null;        // {id, text}: das Formular ersetzt diesen Eintrag
  var ramschModus = "verlierer";
  var aktiv = 0;               // sabai: wessen Karten gerade getippt werden
  var ziffernOffen = false;
  var spieleOffen = true;      // die ganze Auswahl der Spiele (zu, sobald eines gewählt ist)
  var vorschau = { zeile: "", ok: false, netz: false, nr: 0 };
  var vorschauUhr = null;
  var ausgang = lade();
  var sendet = false;
  var pause = 1000;
  var wiederUhr = null;
  var meldungUhr = null;
  var undoBereit = null;       // id, deren „Rückgängig“ einmal angetippt ist

  function leer() {
    return {
      spiel: null, farbe: null, partei: [], augen: null, stiche: null, laufende: 0,
      klopfer: 0, stoesse: 0, schwarz: false, tout: false, sie: false, kurz: false,
      jungfrauen: [], durchmarsch: null, tisch: [], haende: [], letzte: false,
      plaetze: [], sieger: null, mit: []
    };
  }

  function kopie(x) { return JSON.parse(JSON.stringify(x)); }

  function baue(tag, attr, kinder) {
    var el = document.createElement(tag);
    Object.keys(attr || {}).forEach(function (k) {
      if (k === "text") { el.textContent = attr[k]; }
      else if (k === "klasse") { el.className = attr[k]; }
      else if (attr[k] !== null && attr[k] !== undefined && attr[k] !== false) { el.setAttribute(k, attr[k]); }
    });
    (kinder || []).forEach(function (k) { if (k) { el.appendChild(k); } });
    return el;
  }

  function knopf(text, klick, attr) {
    var b = baue("button", Object.assign({ type: "button", text: text }, attr || {}));
    b.addEventListener("click", klick);
    return b;
  }

  function enthaelt(liste, x) { return liste.indexOf(x) >= 0; }
  // Turniertisch: nur die Spiele der Wertung, nur die Zusätze, die zählen
  function spielErlaubt(s) { return !daten.spiele || enthaelt(daten.spiele, s); }
  function zusatzZaehlt(n) { return !daten.zusaetze || daten.zusaetze[n] !== false; }
  // Neues eintragen (daten.offen) oder – beim Korrigieren – ändern (daten.aendern, sonst wie offen)
  function darfAendern() { return daten.aendern === undefined ? daten.offen : daten.aendern; }
  function schreibbar() { return korrektur ? darfAendern() : daten.offen; }
  function ohne(liste, x) { return liste.filter(function (y) { return y !== x; }); }

  // ------------------------------------------------------------------ die Zeile

  function k(name) {
    return kuerzel[name] || name.toLowerCase().split(/\s+/)[0];
  }

  function zeile() {
    var f = form, s = f.spiel, t = [];
    if (!s) { return ""; }
    if (s === "sb") {
      var teile = f.haende.map(function (h) { return (k(h[0]) + " " + h[1]).trim(); });
      return ("sb " + teile.join(" / ") + (f.letzte ? " letzte" : "")).trim();
    }
    if (s === "sf") { return ["sf"].concat(f.plaetze.map(k)).join(" "); }
    if (s === "sm") {
      if (!f.sieger) { return "sm"; }
      return "sm " + k(f.sieger) + (f.mit.length ? " mit " + f.mit.map(k).join(" ") : "");
    }
    if (s === "solo") { t.push(f.farbe ? f.farbe + "s" : "solo"); }
    else if (s === "fw" || s === "fg") { t.push(s + (f.farbe || "")); }
    else { t.push(s); }
    if (s === "ramsch") {
      if (f.durchmarsch) { t.push("dm", k(f.durchmarsch)); }
      t = t.concat(f.partei.map(k));
      if (f.jungfrauen.length) { t = t.concat(["j"], f.jungfrauen.map(k)); }
    } else {
      t = t.concat(f.partei.map(k));
      if (s === "b") { if (f.stiche !== null) { t.push(String(f.stiche)); } }
      else if (f.augen !== null) { t.push(String(f.augen)); }
      if (f.laufende && s !== "b") { t.push("l" + f.laufende); }
      if (f.schwarz) { t.push("schwarz"); }
      if (f.tout) { t.push("tout"); }
      if (f.sie) { t.push("sie"); }
    }
    if (f.klopfer) { t.push("k" + f.klopfer); }
    if (f.stoesse) { t.push("x" + f.stoesse); }
    if (f.kurz) { t.push("kurz"); }
    if (f.tisch.length === 4) { t.push("@" + f.tisch.map(k).join("+")); }
    return t.join(" ");
  }

  // Was noch fehlt, bevor die Vorschau Sinn hat ("" = vollständig).
  function fehlt() {
    var f = form, s = f.spiel;
    if (!schreibbar()) { return daten.meldung || "Kein offener Abend."; }
    if (!s) { return "Spiel wählen."; }
    if (MIT_FARBE[s] && !f.farbe) { return "Farbe wählen."; }
    if (s === "r" && f.partei.length < 2) {
      return f.partei.length ? "Partner wählen." : "Spieler wählen, dann Partner.";
    }
    if (ALLEIN[s] && f.partei.length < 1) { return "Spieler wählen."; }
    if (s === "b" && f.stiche === null) { return "Gewonnen oder verloren?"; }
    if (SCHAFKOPF[s] && s !== "ramsch" && s !== "b" && f.augen === null && !f.sie) {
      return "Augen wählen.";
    }
    if (s === "ramsch" && !f.partei.length && !f.durchmarsch) {
      return "Wer verliert? (oder Durchmarsch)";
    }
    if (s === "sb" && f.haende.length < 2) { return "Mindestens zwei Spieler."; }
    if (s === "sf" && !f.plaetze.length) { return "Platz 1 antippen, dann 2 und 3."; }
    if (s === "sm" && !f.sieger) { return "Wer hat gewonnen?"; }
    if (SCHAFKOPF[s] && daten.spieler.length > 5 && f.tisch.length !== 4) {
      return "Die vier am Tisch wählen.";
    }
    return "";
  }

  // ------------------------------------------------------------------ Formular ändern

  function waehleSpiel(s) {
    var alt = form;
    spieleOffen = false;
    if (alt.spiel === s) { zeige(); return; }
    form = leer();
    form.spiel = s;
    var beideNormal = SCHAFKOPF[s] && SCHAFKOPF[alt.spiel] && s !== "ramsch" && alt.spiel !== "ramsch";
    if (beideNormal) {
      form.partei = alt.partei.slice(0, s === "r" ? 2 : 1);
      form.klopfer = alt.klopfer; form.stoesse = alt.stoesse; form.kurz = alt.kurz;
      form.tisch = alt.tisch;
      if (s !== "b" && alt.spiel !== "b") { form.augen = alt.augen; form.schwarz = alt.schwarz; form.laufende = alt.laufende; }
      if (MIT_FARBE[s] && MIT_FARBE[alt.spiel]) { form.farbe = alt.farbe; }
    }
    if (s === "sb") {
      form.haende = daten.spieler.map(function (p) { return [p.name, ""]; });
      aktiv = 0;
    }
    ramschModus = "verlierer";
    geaendert();
  }

  function tippeSpieler(name) {
    var f = form, s = f.spiel;
    if (s === "r") {
      if (enthaelt(f.partei, name)) { f.partei = ohne(f.partei, name); }
      else if (f.partei.length < 2) { f.partei.push(name); }
      else { f.partei[1] = name; }
    } else if (ALLEIN[s]) {
      f.partei = enthaelt(f.partei, name) ? [] : [name];
    } else if (s === "ramsch") {
      var warVerlierer = enthaelt(f.partei, name), warJungfrau = enthaelt(f.jungfrauen, name);
      var warDurchmarsch = f.durchmarsch === name;
      f.partei = ohne(f.partei, name);
      f.jungfrauen = ohne(f.jungfrauen, name);
      if (warDurchmarsch) { f.durchmarsch = null; }
      if (ramschModus === "verlierer" && !warVerlierer) { f.partei.push(name); f.durchmarsch = null; }
      else if (ramschModus === "jungfrau" && !warJungfrau) { f.jungfrauen.push(name); }
      else if (ramschModus === "durchmarsch" && !warDurchmarsch) { f.durchmarsch = name; f.partei = []; }
    } else if (s === "sf") {
      if (enthaelt(f.plaetze, name)) { f.plaetze = ohne(f.plaetze, name); }
      else if (f.plaetze.length < 3) { f.plaetze.push(name); }
    } else if (s === "sm") {
      f.sieger = f.sieger === name ? null : name;
    } else if (s === "sb") {
      var i = f.haende.map(function (h) { return h[0]; }).indexOf(name);
      if (i >= 0) { f.haende.splice(i, 1); }
      else {
        var reihe = daten.spieler.map(function (p) { return p.name; });
        f.haende.push([name, ""]);
        f.haende.sort(function (a, b) { return reihe.indexOf(a[0]) - reihe.indexOf(b[0]); });
      }
      aktiv = Math.min(aktiv, Math.max(0, f.haende.length - 1));
    }
    geaendert();
  }

  function rolle(name) {
    var f = form, s = f.spiel, i;
    if (s === "r") { i = f.partei.indexOf(name); return i === 0 ? "Spieler" : i === 1 ? "Partner" : ""; }
    if (ALLEIN[s]) { return enthaelt(f.partei, name) ? "spielt" : ""; }
    if (s === "ramsch") {
      if (enthaelt(f.partei, name)) { return "verliert"; }
      if (enthaelt(f.jungfrauen, name)) { return "Jungfrau"; }
      return f.durchmarsch === name ? "Durchmarsch" : "";
    }
    if (s === "sf") { i = f.plaetze.indexOf(name); return i >= 0 ? (i + 1) + ". Platz" : ""; }
    if (s === "sm") { return f.sieger === name ? "gewinnt" : ""; }
    if (s === "sb") { return enthaelt(f.haende.map(function (h) { return h[0]; }), name) ? "dabei" : ""; }
    return "";
  }

  function geaendert() {
    zeige();
    planeVorschau();
  }

  // ------------------------------------------------------------------ Darstellung

  function setzeGedrueckt(el, an) { el.setAttribute("aria-pressed", an ? "true" : "false"); }

  function zeige() {
    var f = form, s = f.spiel;
    var offen = schreibbar();
    var hinweis = $("abendhinweis");
    hinweis.hidden = offen;
    hinweis.textContent = offen ? "" : (daten.meldung || "");
    var kopf = $("tischkopf");
    kopf.hidden = !daten.kopf;
    kopf.textContent = daten.kopf || "";
    var alleSpiele = spieleOffen || !s;
    document.querySelectorAll("[data-spiel]").forEach(function (b) {
      var wort = b.getAttribute("data-spiel"), gewaehlt = wort === s;
      setzeGedrueckt(b, gewaehlt);
      b.disabled = !offen;
      b.hidden = (!alleSpiele && !gewaehlt) || !spielErlaubt(wort);
    });
    $("spielwahl").hidden = alleSpiele;
    $("farben").hidden = !MIT_FARBE[s];
    document.querySelectorAll("[data-farbe]").forEach(function (b) {
      setzeGedrueckt(b, b.getAttribute("data-farbe") === f.farbe);
    });
    $("ramschmodus").hidden = s !== "ramsch";
    document.querySelectorAll("[data-modus]").forEach(function (b) {
      setzeGedrueckt(b, b.getAttribute("data-modus") === ramschModus);
    });
    zeigeChips();
    zeigeSabai();
    var normal = SCHAFKOPF[s] && s !== "ramsch" && s !== "b";
    $("augen").hidden = !normal;
    document.querySelectorAll("[data-augen]").forEach(function (b) {
      setzeGedrueckt(b, f.augen === Number(b.getAttribute("data-augen")) &&
        f.schwarz === (b.getAttribute("data-schwarz") === "1"));
    });
    $("augenzahl").textContent = f.augen === null ? "–" : String(f.augen);
    $("ziffern").hidden = !ziffernOffen || !normal;
    $("genau").setAttribute("aria-expanded", ziffernOffen ? "true" : "false");
    $("bettel").hidden = s !== "b";
    document.querySelectorAll("[data-stiche]").forEach(function (b) {
      setzeGedrueckt(b, f.stiche !== null && String(Math.min(f.stiche, 1)) === b.getAttribute("data-stiche"));
    });
    $("zusaetze").hidden = !SCHAFKOPF[s];
    ["laufende", "klopfer", "stoesse"].forEach(function (n) {
      $("wert-" + n).textContent = String(f[n]);
    });
    document.querySelector('[data-stepper="laufende"]').hidden = !normal || !zusatzZaehlt("laufende");
    document.querySelector('[data-stepper="klopfer"]').hidden = !zusatzZaehlt("klopfer");
    document.querySelector('[data-stepper="stoesse"]').hidden = !zusatzZaehlt("stoesse");
    document.querySelectorAll("[data-schalter]").forEach(function (b) {
      var n = b.getAttribute("data-schalter");
      setzeGedrueckt(b, !!f[n]);
      if (n === "tout") { b.hidden = !TOUT[s]; }
      if (n === "sie") { b.hidden = s !== "solo"; }
    });
    var kr = $("korrektur");
    kr.hidden = !korrektur;
    if (korrektur) { $("korrektur-nr").textContent = "#" + korrektur.id; }
    var z = zeile();
    $("zeile").textContent = z ? "Zeile: " + z : "";
    zeigeVorschauZustand();
    zeigeAusgang();
  }

  function chipsIn(ziel, ausgewaehlt, klick, beschriftung) {
    ziel.textContent = "";
    daten.spieler.forEach(function (p) {
      var an = ausgewaehlt(p.name);
      var b = baue("button", { type: "button", klasse: "chip", "aria-pressed": an ? "true" : "false" }, [
        baue("span", { text: p.name }),
        baue("small", { text: (beschriftung && beschriftung(p.name)) || p.hinweis || "" })
      ]);
      if (!p.kuerzel) {
        b.disabled = true;
        b.title = "Dieser Name lässt sich in der Kurzzeile nicht eindeutig schreiben.";
      }
      if (p.aussetzer && !korrektur) {
        b.disabled = true;
        b.title = p.name + " gibt und setzt aus.";
      }
      b.addEventListener("click", function () { klick(p.name); });
      ziel.appendChild(b);
    });
  }

  function zeigeChips() {
    var s = form.spiel;
    var titel = { r: "Spieler, dann Partner", ramsch: "Spieler", sf: "Plätze 1, 2, 3 der Reihe nach",
                  sm: "Wer hat gewonnen?", sb: "Wer spielt mit?" };
    $("wer").hidden = !s;
    $("wer-titel").textContent = titel[s] || "Wer spielt?";
    chipsIn($("chips"), function (n) { return rolle(n) !== ""; }, tippeSpieler, rolle);
    $("mit").hidden = s !== "sm";
    if (s === "sm") {
      chipsIn($("mit-chips"), function (n) { return enthaelt(form.mit, n); }, function (n) {
        form.mit = enthaelt(form.mit, n) ? ohne(form.mit, n) : form.mit.concat([n]);
        geaendert();
      });
    }
    var tisch = SCHAFKOPF[s] && daten.spieler.length > 5;
    $("tischwahl").hidden = !tisch;
    if (tisch) {
      chipsIn($("tisch-chips"), function (n) { return enthaelt(form.tisch, n); }, function (n) {
        if (enthaelt(form.tisch, n)) { form.tisch = ohne(form.tisch, n); }
        else if (form.tisch.length < 4) { form.tisch = form.tisch.concat([n]); }
        geaendert();
      });
    }
  }

  function zeigeSabai() {
    var f = form;
    $("sabai").hidden = f.spiel !== "sb";
    if (f.spiel !== "sb") { return; }
    var ziel = $("haende");
    ziel.textContent = "";
    f.haende.forEach(function (h, i) {
      var name = knopf(h[0], function () { aktiv = i; zeige(); }, { "aria-pressed": i === aktiv ? "true" : "false" });
      var karten = knopf(h[1] || "keine Karten", function () { aktiv = i; zeige(); },
        { klasse: "karten", "aria-label": "Karten von " + h[0] });
      ziel.appendChild(baue("div", { klasse: "hand" }, [name, karten]));
    });
    document.querySelectorAll("[data-schalter=letzte]").forEach(function (b) { setzeGedrueckt(b, f.letzte); });
  }

  function meldeZeile(text, klasse) {
    var v = $("vorschau");
    v.className = klasse || "";
    v.textContent = text;
  }

  function zeigeVorschauZustand() {
    var z = zeile(), f = fehlt();
    var senden = $("senden");
    senden.textContent = korrektur ? "Korrektur eintragen" : "Eintragen";
    if (f) {
      meldeZeile(f, "offen");
      senden.disabled = true;
      return;
    }
    senden.disabled = !(vorschau.zeile === z && (vorschau.ok || vorschau.netz));
  }

  function zeigeVorschau(d) {
    var v = $("vorschau");
    v.className = "";
    v.textContent = "";
    v.appendChild(baue("div", { klasse: "was", text: d.text || d.zeile }));
    if (d.erklaerung) { v.appendChild(baue("div", { klasse: "wert", text: "Wert: " + d.erklaerung })); }
    if (d.anzeige && d.anzeige.length) {
      v.appendChild(baue("div", { klasse: "betraege" }, d.anzeige.map(function (b) {
        return baue("span", { klasse: "nw" }, [
          document.createTextNode(b[0] + " "), baue("span", { klasse: b[2], text: b[1] })
        ]);
      })));
    }
    if (d.doppelt) {
      v.appendChild(baue("div", { klasse: "warn", text: "Gleiches Spiel steht schon als #" + d.doppelt +
        " – von einem anderen Handy? Beim Eintragen wird nachgefragt." }));
    }
  }

  // ------------------------------------------------------------------ Vorschau

  function planeVorschau() {
    clearTimeout(vorschauUhr);
    var z = zeile();
    if (fehlt()) { vorschau = { zeile: "", ok: false, netz: false, nr: vorschau.nr + 1 }; return; }
    if (vorschau.zeile === z && (vorschau.ok || vorschau.netz)) { return; }
    vorschau.ok = false;
    vorschau.netz = false;
    vorschau.zeile = "";
    meldeZeile("Vorschau …", "offen");
    vorschauUhr = setTimeout(holeVorschau, 120);
  }

  function holeVorschau() {
    var z = zeile();
    var nr = ++vorschau.nr;
    var koerper = { zeile: z };
    if (korrektur) { koerper.eintrag = korrektur.id; }
    post("vorschau", koerper, 8000).then(function (r) {
      if (nr !== vorschau.nr || z !== zeile()) { return; }
      vorschau.zeile = z;
      if (r.status === 200) {
        vorschau.ok = true;
        zeigeVorschau(r.daten.vorschau);
      } else if (r.netz) {
        vorschau.netz = true;
        meldeZeile("Vorschau gerade nicht erreichbar – Eintragen geht trotzdem (wird gesendet, sobald das WLAN wieder da ist).", "offen");
      } else {
        meldeZeile(fehlerText(r), "fehler");
      }
      zeigeVorschauZustand();
    });
  }

  // ------------------------------------------------------------------ Senden

  function post(was, koerper, frist) {
    var abbruch = window.AbortController ? new AbortController() : null;
    var uhr = abbruch ? setTimeout(function () { abbruch.abort(); }, frist || 10000) : null;
    return fetch(basis + "/api/" + was, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(koerper),
      cache: "no-store",
      credentials: "omit",
      signal: abbruch ? abbruch.signal : undefined
    }).then(function (antwort) {
      return antwort.text().then(function (text) {
        var d = null;
        try { d = JSON.parse(text); } catch (e) { d = null; }
        var netz = antwort.status === 429 || antwort.status >= 500;
        return { status: antwort.status, daten: d, netz: netz };
      });
    }, function () {
      return { status: 0, daten: null, netz: true };
    }).then(function (r) { if (uhr) { clearTimeout(uhr); } return r; });
  }

  function fehlerText(r) {
    if (r.daten && r.daten.fehler) { return r.daten.fehler.meldung; }
    if (r.status === 404) { return "Dieser Link gilt nicht mehr (wurde „referee live“ neu gestartet?)."; }
    return "Fehler " + r.status + ".";
  }

  function schluessel() {
    var b = new Uint8Array(16);
    window.crypto.getRandomValues(b);
    var s = "";
    b.forEach(function (x) { s += String.fromCharCode(x); });
    return "h" + btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function lade() {
    try {
      var x = JSON.parse(window.localStorage.getItem(SPEICHER) || "[]");
      return Array.isArray(x) ? x : [];
    } catch (e) { return []; }
  }

  function speichere() {
    try { window.localStorage.setItem(SPEICHER, JSON.stringify(ausgang)); } catch (e) { /* privat */ }
  }

  function entferne(item) {
    ausgang = ausgang.filter(function (x) { return x.koerper.schluessel !== item.koerper.schluessel; });
    speichere();
  }

  function absenden() {
    if (fehlt()) { return; }
    var z = zeile();
    var item = { art: korrektur ? "korrektur" : "eintrag", koerper: { zeile: z, schluessel: schluessel() },
                 zeile: z, form: kopie(form), korrektur: korrektur, versuche: 0 };
    if (korrektur) { item.koerper.eintrag = korrektur.id; item.zeile = "#" + korrektur.id + " " + z; }
    else if (daten.naechstes) {
      // das wievielte Spiel des Tisches: was noch im Ausgang wartet, zählt mit
      var davor = ausgang.filter(function (x) { return x.art === "eintrag"; }).length -
        ausgang.filter(function (x) { return x.art === "rueckgaengig"; }).length;
      item.koerper.spiel_nr = Math.max(1, daten.naechstes + davor);
    }
    ausgang.push(item);
    speichere();
    form = leer();
    korrektur = null;
    ziffernOffen = false;
    spieleOffen = true;
    vorschau = { zeile: "", ok: false, netz: false, nr: vorschau.nr + 1 };
    zeige();
    sendeAusgang();
  }

  function rueckgaengig(e) {
    if (undoBereit !== e.id) {
      undoBereit = e.id;
      zeigeEintraege();
      setTimeout(function () { if (undoBereit === e.id) { undoBereit = null; zeigeEintraege(); } }, 4000);
      return;
    }
    undoBereit = null;
    ausgang.push({ art: "rueckgaengig", koerper: { eintrag: e.id, schluessel: schluessel() },
                   zeile: "Rückgängig #" + e.id, versuche: 0 });
    speichere();
    zeigeEintraege();
    zeigeAusgang();
    sendeAusgang();
  }

  function planeWiederholung() {
    clearTimeout(wiederUhr);
    wiederUhr = setTimeout(sendeAusgang, pause);
    pause = Math.min(pause * 2, 10000);
  }

  function sendeAusgang() {
    if (sendet) { return; }
    var item = ausgang[0];
    zeigeAusgang();
    if (!item || item.frage) { return; }
    sendet = true;
    item.versuche = (item.versuche || 0) + 1;
    post(item.art, item.koerper, 10000).then(function (r) {
      sendet = false;
      if (r.netz) {
        speichere();
        zeigeAusgang();
        planeWiederholung();
        return;
      }
      pause = 1000;
      if (r.status === 200) {
        entferne(item);
        melde(erfolg(item, r.daten), false);
      } else if (r.status === 409 && r.daten && r.daten.doppelt) {
        item.frage = { meldung: r.daten.fehler.meldung, text: r.daten.doppelt.text };
        speichere();
      } else {
        entferne(item);
        melde("Nicht " + (item.art === "rueckgaengig" ? "rückgängig gemacht" : "eingetragen") +
              ": " + fehlerText(r), true);
        if (item.form && !form.spiel) {
          form = item.form;
          spieleOffen = false;
          korrektur = item.korrektur || null;
          geaendert();
        }
      }
      zeigeAusgang();
      sendeAusgang();
    });
  }

  function erfolg(item, d) {
    if (item.art === "rueckgaengig") { return "Eintrag #" + d.storniert + " ist storniert."; }
    return "#" + d.eintrag + " eingetragen: " + d.text;
  }

  function melde(text, schlecht) {
    var m = $("meldung");
    m.textContent = text;
    m.className = schlecht ? "schlecht" : "";
    m.hidden = false;
    clearTimeout(meldungUhr);
    meldungUhr = setTimeout(function () { m.hidden = true; }, schlecht ? 7000 : 4000);
  }

  function zeigeAusgang() {
    var box = $("ausgang");
    var offen = ausgang.filter(function (x) { return !x.frage; });
    box.hidden = offen.length === 0;
    $("ausgang-titel").textContent = "Noch nicht gesendet (" + offen.length + ")";
    var liste = box.querySelector("ol");
    liste.textContent = "";
    offen.forEach(function (x) {
      var wie = sendet && x === ausgang[0] ? "wird gesendet …" :
        x.versuche ? "noch nicht gesendet – neuer Versuch gleich" : "noch nicht gesendet";
      liste.appendChild(baue("li", {}, [
        baue("code", { text: x.zeile }), document.createTextNode(" · " + wie + " "),
        knopf("verwerfen", function () { entferne(x); zeigeAusgang(); sendeAusgang(); }, { klasse: "klein" })
      ]));
    });
    var frage = ausgang.filter(function (x) { return x.frage; })[0];
    $("frage").hidden = !frage;
    if (frage) {
      $("frage-text").textContent = frage.frage.meldung + (frage.frage.text ? " (" + frage.frage.text + ")" : "");
    }
  }

  function beantworte(trotzdem) {
    var item = ausgang.filter(function (x) { return x.frage; })[0];
    if (!item) { return; }
    if (trotzdem) {
      delete item.frage;
      item.koerper.trotzdem = true;
      speichere();
    } else {
      entferne(item);
      melde("Nicht eingetragen: " + item.zeile, false);
    }
    zeigeAusgang();
    sendeAusgang();
  }

  // ------------------------------------------------------------------ Einträge

  function zeigeEintraege() {
    var liste = $("eintraege");
    liste.textContent = "";
    if (!daten.eintraege.length) {
      liste.appendChild(baue("li", { text: "Noch keine Einträge." }));
      return;
    }
    daten.eintraege.forEach(function (e) {
      var teile = [
        baue("div", { klasse: "kopf", text: "#" + e.id + " · " + e.zeit + " · " + e.spiel }),
        baue("div", { text: e.text })
      ];
      if (e.erklaerung) { teile.push(baue("div", { klasse: "wert", text: "Wert: " + e.erklaerung })); }
      if (e.betraege.length) {
        teile.push(baue("div", { klasse: "betraege" }, e.betraege.map(function (b) {
          return baue("span", { klasse: "nw" }, [
            document.createTextNode(b[0] + " "), baue("span", { klasse: b[2], text: b[1] })
          ]);
        })));
      }
      var knoepfe = [];
      if (e.formular && darfAendern()) {
        knoepfe.push(knopf("Korrigieren", function () { korrigiere(e); },
          { klasse: "klein", "data-korrigiere": String(e.id) }));
      }
      if (e.letzter && darfAendern()) {
        knoepfe.push(knopf(undoBereit === e.id ? "Wirklich zurück?" : "Rückgängig",
          function () { rueckgaengig(e); }, { klasse: "klein", "data-rueckgaengig": String(e.id) }));
      }
      if (knoepfe.length) { teile.push(baue("div", { klasse: "zeile2" }, knoepfe)); }
      liste.appendChild(baue("li", {}, teile));
    });
  }

  function korrigiere(e) {
    form = Object.assign(leer(), kopie(e.formular));
    spieleOffen = false;
    korrektur = { id: e.id, text: e.text };
    ramschModus = "verlierer";
    aktiv = 0;
    ziffernOffen = false;
    geaendert();
    window.scrollTo(0, 0);
  }

  // ------------------------------------------------------------------ Knöpfe

  document.querySelectorAll("[data-spiel]").forEach(function (b) {
    b.addEventListener("click", function () { waehleSpiel(b.getAttribute("data-spiel")); });
  });
  document.querySelectorAll("[data-farbe]").forEach(function (b) {
    b.addEventListener("click", function () {
      var f = b.getAttribute("data-farbe");
      form.farbe = form.farbe === f ? null : f;
      geaendert();
    });
  });
  document.querySelectorAll("[data-modus]").forEach(function (b) {
    b.addEventListener("click", function () { ramschModus = b.getAttribute("data-modus"); zeige(); });
  });
  document.querySelectorAll("[data-augen]").forEach(function (b) {
    b.addEventListener("click", function () {
      var a = Number(b.getAttribute("data-augen")), s = b.getAttribute("data-schwarz") === "1";
      if (form.augen === a && form.schwarz === s) { form.augen = null; form.schwarz = false; }
      else { form.augen = a; form.schwarz = s; }
      ziffernOffen = false;
      geaendert();
    });
  });
  $("genau").addEventListener("click", function () { ziffernOffen = !ziffernOffen; zeige(); });
  $("spielwahl").addEventListener("click", function () { spieleOffen = true; zeige(); });
  document.querySelectorAll("[data-ziffer]").forEach(function (b) {
    b.addEventListener("click", function () {
      var z = b.getAttribute("data-ziffer");
      var text = form.augen === null ? "" : String(form.augen);
      if (z === "ok") { ziffernOffen = false; zeige(); return; }
      if (z === "weg") { text = text.slice(0, -1); }
      else { text = (text === "0" ? "" : text) + z; }
      var n = text === "" ? null : Number(text);
      if (n !== null && n > 120) { return; }
      form.augen = n;
      form.schwarz = false;
      geaendert();
    });
  });
  document.querySelectorAll("[data-stiche]").forEach(function (b) {
    b.addEventListener("click", function () {
      var n = Number(b.getAttribute("data-stiche"));
      form.stiche = form.stiche === n ? null : n;
      geaendert();
    });
  });
  document.querySelectorAll("[data-stepper]").forEach(function (reihe) {
    var name = reihe.getAttribute("data-stepper"), max = Number(reihe.getAttribute("data-max"));
    reihe.querySelectorAll("[data-schritt]").forEach(function (b) {
      b.addEventListener("click", function () {
        var n = form[name] + Number(b.getAttribute("data-schritt"));
        form[name] = Math.max(0, Math.min(max, n));
        geaendert();
      });
    });
  });
  document.querySelectorAll("[data-schalter]").forEach(function (b) {
    b.addEventListener("click", function () {
      var n = b.getAttribute("data-schalter");
      form[n] = !form[n];
      if (n === "tout" && form.tout) { form.sie = false; }
      if (n === "sie" && form.sie) { form.tout = false; }
      geaendert();
    });
  });
  document.querySelectorAll("[data-karte]").forEach(function (b) {
    b.addEventListener("click", function () {
      var h = form.haende[aktiv];
      if (!h) { return; }
      var karten = h[1] ? h[1].split(" ") : [];
      var karte = b.getAttribute("data-karte");
      if (karte) { if (karten.length < 12) { karten.push(karte); } } else { karten.pop(); }
      h[1] = karten.join(" ");
      geaendert();
    });
  });
  $("weiter").addEventListener("click", function () {
    if (form.haende.length) { aktiv = (aktiv + 1) % form.haende.length; }
    zeige();
  });
  $("leeren").addEventListener("click", function () {
    form = leer();
    korrektur = null;
    ziffernOffen = false;
    spieleOffen = true;
    geaendert();
  });
  $("korrektur-ab").addEventListener("click", function () {
    korrektur = null;
    form = leer();
    spieleOffen = true;
    geaendert();
  });
  $("senden").addEventListener("click", absenden);
  $("frage-ja").addEventListener("click", function () { beantworte(true); });
  $("frage-nein").addEventListener("click", function () { beantworte(false); });
  window.addEventListener("online", sendeAusgang);

  // ------------------------------------------------------------------ der Strom

  var quelle = new EventSource(stand.getAttribute("data-quelle"));
  quelle.addEventListener("schreiben", function (ev) {
    var d = JSON.parse(ev.data);
    daten = d.daten;
    kuerzel = {};
    daten.spieler.forEach(function (p) { kuerzel[p.name] = p.kuerzel; });
    stand.innerHTML = d.html;
    status.textContent = "live · Stand " + d.zeit;
    status.className = "live";
    if (undoBereit !== null && undoBereit !== daten.letzter) { undoBereit = null; }
    zeige();
    zeigeEintraege();
    planeVorschau();
  });
  quelle.addEventListener("open", function () { pause = 1000; sendeAusgang(); });
  quelle.addEventListener("error", function () {
    status.textContent = "Verbindung unterbrochen – verbinde neu …";
    status.className = "weg";
  });

  zeige();
  zeigeEintraege();
  sendeAusgang();
})();
