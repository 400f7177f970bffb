// Die Eingabeseite von „referee live --schreiben“: aus den angetippten Knöpfen entsteht die
// Zeile von „referee tisch“ (r an be 71 l3, sb an 3 7 J / be AJ 2, sf cem an be, sm dora) –
// gebaut vom Formular (formular.js) mit den Wörtern der Grammatik (GRAMMATIK, vom Server);
// der Server liest sie mit dem Parser von tisch, rechnet die Vorschau und trägt ein.
// Jeder Schreibvorgang wartet im Ausgang (ausgang.js), bis der Server geantwortet hat.
// Der Server schickt dazu, welche Spiele gehen (daten.spiele: beim Abend nach den Hausregeln,
// am Turniertisch nach der Wertung), was inzwischen ersetzt oder storniert ist
// (daten.aufgehoben), am Turniertisch welche Zusätze zählen (daten.zusaetze), wer aussetzt,
// die Kopfzeile des Tisches (daten.kopf) und die Nummer des nächsten Spiels (daten.naechstes).
(function () {
  "use strict";
  var $ = function (id) { return document.getElementById(id); };
  var wurzel = $("wurzel");
  var eingabe = $("eingabe");
  var status = $("status");
  var stand = $("stand");
  if (!wurzel || !eingabe || !window.fetch || !window.EventSource || !window.JSON) { return; }
  eingabe.hidden = false;
  var basis = wurzel.getAttribute("data-basis");
  var F = Formular(GRAMMATIK);
  var leer = F.leer;
  //: so lange nach dem Öffnen nimmt das Blatt „Rückgängig“ keinen Tipp an (ein Doppeltipp
  //: auf „Rückgängig …“ trifft sonst den Knopf, der darunter erscheint)
  var BLATT_SPERRE = 600;

  var daten = { spieler: [], eintraege: [], offen: false, meldung: "Verbinde mit dem Buch …", letzter: null };
  var kuerzel = {};
  var form = leer();
  var korrektur = null;        // {id, text, veraltet}: das Formular ersetzt diesen Eintrag
  var ramschModus = "verlierer";
  var aktiv = 0;               // sabai: wessen Karten gerade getippt werden
  var ziffernOffen = false;
  var ziffernNeu = false;      // die nächste Ziffer ersetzt die Augen (Tasten eben geöffnet)
  var spieleOffen = true;      // die ganze Auswahl der Spiele (zu, sobald eines gewählt ist)
  var vorschau = { zeile: "", ok: false, netz: false, nr: 0 };
  var vorschauUhr = null;
  var meldungUhr = null;
  var ausgangUhr = null;
  var blatt = { eintrag: null, ab: 0 };  // das offene Blatt „Rückgängig“ und ab wann es Tipps nimmt
  var ausgang = Ausgang(basis, {
    zeige: function () { zeigeAusgang(); },
    erledigt: function (x, r) { melde(erfolg(x, r.daten), false); },
    abgelehnt: function (x, r) {
      melde("Nicht " + (x.art === "rueckgaengig" ? "rückgängig gemacht" : "eingetragen") +
            ": " + fehlerText(r), true);
      if (x.form && !form.spiel) {  // das Formular wieder füllen, damit nichts verloren ist
        form = x.form;
        spieleOffen = false;
        korrektur = x.korrektur || null;
        if (korrektur && r.status === 409) { korrektur.veraltet = { meldung: fehlerText(r) }; }
        pruefeKorrektur();
        geaendert();
      }
    }
  });

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
  // Nur die Spiele, die hier gehen (Hausregeln des Abends, Wertung des Turniers)
  function spielErlaubt(s) { return !daten.spiele || enthaelt(daten.spiele, s); }
  // Turniertisch: nur die Zusätze, die zählen
  function zusatzZaehlt(n) { return !daten.zusaetze || daten.zusaetze[n] !== false; }
  // Neues eintragen (daten.offen) oder – beim Korrigieren – ändern (daten.aendern, sonst wie offen)
  function darfAendern() { return daten.aendern === undefined ? daten.offen : daten.aendern; }
  function schreibbar() { return korrektur ? darfAendern() : daten.offen; }
  function eintragMit(id) { return daten.eintraege.filter(function (e) { return e.id === id; })[0]; }

  // ------------------------------------------------------------------ die Zeile

  function namen() { return daten.spieler.map(function (p) { return p.name; }); }
  function zeile() { return F.zeile(form, kuerzel); }

  // Was noch fehlt, bevor die Vorschau Sinn hat ("" = vollständig).
  function fehlt() {
    if (!schreibbar()) { return daten.meldung || "Kein offener Abend."; }
    if (korrektur && korrektur.veraltet) { return veraltetText(); }
    return F.fehlt(form, daten.spieler.length);
  }

  // ------------------------------------------------------------------ Formular ändern

  function waehleSpiel(s) {
    spieleOffen = false;
    if (form.spiel === s) { zeige(); return; }
    form = F.wechsleSpiel(form, s, namen());
    aktiv = 0;
    ramschModus = "verlierer";
    geaendert();
  }

  function tippeSpieler(name) {
    F.tippe(form, name, ramschModus, namen());
    aktiv = Math.min(aktiv, Math.max(0, form.haende.length - 1));
    geaendert();
  }

  function geaendert() {
    zeige();
    planeVorschau();
  }

  // ------------------------------------------------------------------ Darstellung

  function setzeGedrueckt(el, an) { el.setAttribute("aria-pressed", an ? "true" : "false"); }

  function zeige() {
    var f = form, s = f.spiel, a = F.art(s);
    var offen = schreibbar();
    var hinweis = $("abendhinweis");
    hinweis.hidden = offen;
    hinweis.textContent = offen ? "" : (daten.meldung || "");
    var kopf = $("tischkopf");
    kopf.hidden = !daten.kopf;
    kopf.textContent = daten.kopf || "";
    var alleSpiele = spieleOffen || !s;
    $("spiele").className = alleSpiele ? "raster" : "raster zu";
    document.querySelectorAll("[data-spiel]").forEach(function (b) {
      var wort = b.getAttribute("data-spiel"), gewaehlt = wort === s;
      setzeGedrueckt(b, gewaehlt);
      b.disabled = !offen;
      b.hidden = (!alleSpiele && !gewaehlt) || (!spielErlaubt(wort) && !gewaehlt);
    });
    $("spielwahl").hidden = alleSpiele;
    var spieleHinweis = $("spiele-hinweis");
    spieleHinweis.hidden = !alleSpiele || !daten.spiele_hinweis;
    spieleHinweis.textContent = daten.spiele_hinweis || "";
    $("farben").hidden = !a.farben;
    document.querySelectorAll("[data-farbe]").forEach(function (b) {
      setzeGedrueckt(b, b.getAttribute("data-farbe") === f.farbe);
    });
    $("ramschmodus").hidden = !a.ramsch;
    document.querySelectorAll("[data-modus]").forEach(function (b) {
      setzeGedrueckt(b, b.getAttribute("data-modus") === ramschModus);
    });
    zeigeChips();
    zeigeSabai();
    zeigeAugen();
    $("bettel").hidden = a.zahl !== "stiche";
    document.querySelectorAll("[data-stiche]").forEach(function (b) {
      setzeGedrueckt(b, f.stiche !== null && String(Math.min(f.stiche, 1)) === b.getAttribute("data-stiche"));
    });
    zeigeZusaetze();
    zeigeKorrektur();
    var z = zeile();
    $("zeile").textContent = z ? "Zeile: " + z : "";
    zeigeVorschauZustand();
    zeigeAusgang();
  }

  function zeigeAugen() {
    var f = form, normal = F.mitAugen(f.spiel);
    $("augen").hidden = !normal;
    document.querySelectorAll("[data-augen]").forEach(function (b) {
      setzeGedrueckt(b, f.augen === Number(b.getAttribute("data-augen")) &&
        f.schwarz === (b.getAttribute("data-schwarz") === "1"));
    });
    var zahl = $("augenzahl");
    zahl.textContent = f.ungueltig !== null ? f.ungueltig : f.augen === null ? "–" : String(f.augen);
    zahl.className = f.ungueltig !== null ? "zahl falsch" : "zahl";
    $("ziffern").hidden = !ziffernOffen || !normal;
    $("genau").setAttribute("aria-expanded", ziffernOffen ? "true" : "false");
    var h = $("ziffern-hinweis");
    var text = "";
    if (f.ungueltig !== null) { text = F.fehlt(f, daten.spieler.length); }
    else if (ziffernOffen && ziffernNeu && f.augen !== null) { text = "Die erste Ziffer ersetzt " + f.augen + "."; }
    else if (ziffernOffen) { text = "0 bis " + GRAMMATIK.augen + " Augen."; }
    h.hidden = !normal || !text;
    h.textContent = text;
    h.className = f.ungueltig !== null ? "hinweis falsch" : "hinweis";
  }

  function zeigeZusaetze() {
    var f = form, s = f.spiel, a = F.art(s), normal = F.mitAugen(s);
    $("zusaetze").hidden = !F.schafkopf(s);
    ["laufende", "klopfer", "stoesse"].forEach(function (n) {
      var max = F.hoechstens(f, n), aus = $("wert-" + n);
      aus.textContent = String(f[n]);
      aus.className = f[n] > max ? "falsch" : "";
      $("grenze-" + n).textContent = max ? "0 bis " + max : "";
      var reihe = document.querySelector('[data-stepper="' + n + '"]');
      reihe.querySelector('[data-schritt="-1"]').disabled = f[n] <= 0;
      reihe.querySelector('[data-schritt="1"]').disabled = f[n] >= max;
    });
    document.querySelector('[data-stepper="laufende"]').hidden = !normal || !zusatzZaehlt("laufende");
    document.querySelector('[data-stepper="klopfer"]').hidden = !zusatzZaehlt("klopfer");
    document.querySelector('[data-stepper="stoesse"]').hidden = !zusatzZaehlt("stoesse");
    document.querySelectorAll("[data-schalter]").forEach(function (b) {
      var n = b.getAttribute("data-schalter");
      setzeGedrueckt(b, !!f[n]);
      if (n === "tout") { b.hidden = !a.tout; }
      if (n === "sie") { b.hidden = !a.sie; }
    });
  }

  function chipsIn(ziel, ausgewaehlt, klick, beschriftung) {
    ziel.textContent = "";
    daten.spieler.forEach(function (p) {
      var an = ausgewaehlt(p.name);
      var b = baue("button", { type: "button", klasse: "chip", "aria-pressed": an ? "true" : "false" }, [
        baue("span", { text: p.anzeige || p.name }),
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
    var s = form.spiel, a = F.art(s);
    var titel = a.partei === 2 ? "Spieler, dann Partner" : a.ramsch ? "Spieler" :
      { saufn: "Plätze 1, 2, 3 der Reihe nach", schlafmuetze: "Wer hat gewonnen?",
        sabai: "Wer spielt mit?" }[a.gruppe];
    $("wer").hidden = !s;
    $("wer-titel").textContent = titel || "Wer spielt?";
    chipsIn($("chips"), function (n) { return F.rolle(form, n) !== ""; }, tippeSpieler,
      function (n) { return F.rolle(form, n); });
    $("mit").hidden = a.gruppe !== "schlafmuetze";
    if (a.gruppe === "schlafmuetze") {
      chipsIn($("mit-chips"), function (n) { return enthaelt(form.mit, n); }, function (n) {
        F.tippeMit(form, n);
        geaendert();
      });
    }
    var tisch = F.tischNoetig(s, daten.spieler.length);
    $("tischwahl").hidden = !tisch;
    if (tisch) {
      chipsIn($("tisch-chips"), function (n) { return enthaelt(form.tisch, n); }, function (n) {
        F.tippeTisch(form, n);
        geaendert();
      });
    }
  }

  function zeigeSabai() {
    var f = form, sabai = F.art(f.spiel).gruppe === "sabai";
    $("sabai").hidden = !sabai;
    if (!sabai) { return; }
    var ziel = $("haende");
    ziel.textContent = "";
    f.haende.forEach(function (h, i) {
      var waehle = function () { aktiv = i; zeige(); };
      var name = knopf(h[0], waehle, { "aria-pressed": i === aktiv ? "true" : "false" });
      var text = h[1] === null ? "noch offen" : h[1] || "keine Karten";
      var karten = knopf(text, waehle, { klasse: "karten" + (h[1] === null ? " offen" : "") +
                                            (i === aktiv ? " aktiv" : ""),
                                          "aria-label": "Karten von " + h[0] + ": " + text });
      ziel.appendChild(baue("div", { klasse: "hand" }, [name, karten]));
    });
    var hand = f.haende[aktiv];
    var voll = !!hand && F.volleHand(hand[1]);
    document.querySelectorAll("[data-karte]").forEach(function (b) {
      b.disabled = !hand || (voll && b.getAttribute("data-karte") !== "");
    });
    $("keine-karten").disabled = !hand;
    var kh = $("karten-hinweis");
    kh.hidden = !voll;
    kh.textContent = voll ? hand[0] + " hat " + GRAMMATIK.sabai.hoechstens +
      " Karten – mehr hat niemand auf der Hand." : "";
    document.querySelectorAll("[data-schalter=letzte]").forEach(function (b) { setzeGedrueckt(b, f.letzte); });
  }

  // Nach einer Hand die nächste, deren Karten noch fehlen (sonst die nächste überhaupt).
  function naechsteHand() {
    var n = form.haende.length;
    for (var i = 1; i <= n; i++) {
      if (form.haende[(aktiv + i) % n][1] === null) { aktiv = (aktiv + i) % n; return; }
    }
    if (n) { aktiv = (aktiv + 1) % n; }
  }

  // ------------------------------------------------------------------ Korrektur

  // Ein Eintrag, der korrigiert wird, und inzwischen von einem anderen Handy ersetzt oder
  // storniert wurde: das sagt der Ereignisstrom (daten.aufgehoben), nicht erst das Absenden.
  function pruefeKorrektur() {
    if (!korrektur) { return; }
    var auf = daten.aufgehoben || {}, schluessel = String(korrektur.id);
    if (Object.prototype.hasOwnProperty.call(auf, schluessel)) {
      korrektur.veraltet = { durch: auf[schluessel] };
    }
  }

  function veraltetText() {
    var v = korrektur.veraltet;
    if (v.durch) { return "#" + korrektur.id + " wurde inzwischen ersetzt – jetzt gilt #" + v.durch + "."; }
    if (v.durch === null) { return "#" + korrektur.id + " wurde inzwischen storniert."; }
    return v.meldung || ("#" + korrektur.id + " lässt sich nicht mehr korrigieren.");
  }

  function zeigeKorrektur() {
    var band = $("korrektur");
    band.hidden = !korrektur;
    if (!korrektur) { return; }
    var v = korrektur.veraltet;
    band.className = v ? "band veraltet" : "band";
    $("korrektur-text").textContent = v ? veraltetText() : "Korrektur von #" + korrektur.id;
    var neu = $("korrektur-neu"), ziel = v && v.durch ? eintragMit(v.durch) : null;
    neu.hidden = !(ziel && ziel.formular && darfAendern());
    neu.textContent = ziel ? "#" + ziel.id + " korrigieren" : "";
  }

  // ------------------------------------------------------------------ Vorschau

  function meldeZeile(text, klasse) {
    var v = $("vorschau");
    v.className = klasse || "";
    v.textContent = text;
    $("doppelt").hidden = true;
  }

  function zeigeVorschauZustand() {
    var z = zeile(), f = fehlt();
    var senden = $("senden");
    senden.textContent = korrektur ? "Korrektur eintragen" : "Eintragen";
    if (f) {
      meldeZeile(f, korrektur && korrektur.veraltet || form.ungueltig !== null ? "fehler" : "offen");
      senden.disabled = true;
      return;
    }
    senden.disabled = !(vorschau.zeile === z && (vorschau.ok || vorschau.netz));
  }

  function betraegeIn(anzeige) {
    return baue("div", { klasse: "betraege" }, anzeige.map(function (b) {
      return baue("span", { klasse: "nw" }, [
        document.createTextNode(b[0] + " "), baue("span", { klasse: b[2], text: b[1] })
      ]);
    }));
  }

  function zeigeVorschau(d) {
    var v = $("vorschau");
    v.className = "";
    v.textContent = "";
    v.appendChild(baue("div", { klasse: "was", text: d.text || d.zeile }));
    if (d.erklaerung) { v.appendChild(baue("div", { klasse: "wert", text: "Wert: " + d.erklaerung })); }
    if (d.anzeige && d.anzeige.length) { v.appendChild(betraegeIn(d.anzeige)); }
    // die Warnung steht außerhalb des Kastens, der scrollt: sie wird nie abgeschnitten
    var doppelt = $("doppelt");
    doppelt.hidden = !d.doppelt;
    doppelt.textContent = d.doppelt ? "Gleiches Spiel steht schon als #" + d.doppelt +
      " – von einem anderen Handy? Beim Eintragen wird nachgefragt." : "";
  }

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
    ausgang.post("vorschau", koerper, 8000).then(function (r) {
      if (nr !== vorschau.nr || z !== zeile()) { return; }
      vorschau.zeile = z;
      if (r.status === 200) {
        vorschau.ok = true;
        vorschau.text = r.daten.vorschau.text;
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

  function fehlerText(r) {
    if (r.daten && r.daten.fehler) { return r.daten.fehler.meldung; }
    if (r.status === 404) { return "Dieser Link gilt nicht mehr (wurde „referee live“ neu gestartet?)."; }
    return "Fehler " + r.status + ".";
  }

  function formZurueck() {
    form = leer();
    korrektur = null;
    ziffernOffen = false;
    spieleOffen = true;
    vorschau = { zeile: "", ok: false, netz: false, nr: vorschau.nr + 1 };
  }

  function absenden() {
    if (fehlt()) { return; }
    var z = zeile();
    // was der Ausgang zeigt: der Text der Vorschau (ohne Netz gab es keine: das Spiel und die
    // Namen, wie die Knöpfe sie nennen)
    var text = vorschau.ok && vorschau.text ? vorschau.text : kurzText(form);
    var item = { art: korrektur ? "korrektur" : "eintrag", koerper: { zeile: z },
                 zeile: z, text: text, form: kopie(form), korrektur: korrektur };
    if (korrektur) {
      item.koerper.eintrag = korrektur.id;
      item.zeile = "#" + korrektur.id + " " + z;
      item.text = text && "Korrektur von #" + korrektur.id + ": " + text;
    }
    else if (daten.naechstes) {
      // das wievielte Spiel des Tisches: was noch im Ausgang wartet, zählt mit
      var alle = ausgang.alle();
      var davor = alle.filter(function (x) { return x.art === "eintrag"; }).length -
        alle.filter(function (x) { return x.art === "rueckgaengig"; }).length;
      item.koerper.spiel_nr = Math.max(1, daten.naechstes + davor);
    }
    formZurueck();
    zeige();
    ausgang.stelle(item);
  }

  // Ein Spiel in Worten, ohne Server: „Rufspiel · Anna, Ben · 61 Augen“.
  function kurzText(f) {
    var knopf = document.querySelector('[data-spiel="' + f.spiel + '"]');
    var wer = f.partei.concat(f.plaetze, f.sieger ? [f.sieger] : [],
      f.haende.map(function (h) { return h[0]; }));
    var teile = [knopf ? knopf.textContent : f.spiel];
    if (wer.length) { teile.push(wer.join(", ")); }
    if (f.augen !== null && F.mitAugen(f.spiel)) { teile.push(f.augen + " Augen"); }
    return teile.join(" · ");
  }

  function erfolg(item, d) {
    if (item.art === "rueckgaengig") { return "Eintrag #" + d.storniert + " ist storniert."; }
    return "#" + d.eintrag + " eingetragen: " + d.text;
  }

  // Die Meldung nach einem Eintrag: in der Leiste unten, wo der Daumen eben tippte – sie legt
  // sich über nichts.
  function melde(text, schlecht) {
    var m = $("meldung");
    m.textContent = text;
    m.className = schlecht ? "schlecht" : "";
    m.hidden = false;
    clearTimeout(meldungUhr);
    meldungUhr = setTimeout(function () { m.hidden = true; }, schlecht ? 12000 : 6000);
  }

  function zeigeAusgang() {
    var box = $("ausgang");
    var offen = ausgang.wartend();
    box.hidden = offen.length === 0;
    $("ausgang-titel").textContent = "Noch nicht gesendet (" + offen.length + ")";
    var liste = box.querySelector("ol");
    liste.textContent = "";
    offen.forEach(function (x) {
      liste.appendChild(baue("li", {}, [
        x.text ? baue("span", { text: x.text + " " }) : null,
        baue("code", { text: x.text ? "(" + x.zeile + ")" : x.zeile, klasse: x.text ? "klein" : null }),
        baue("span", { klasse: "grund", text: ausgang.grund(x) }),
        knopf("verwerfen", function () { ausgang.verwirf(x); }, { klasse: "klein" })
      ]));
    });
    var frage = ausgang.frage();
    $("frage").hidden = !frage;
    if (frage) {
      $("frage-text").textContent = frage.frage.meldung + (frage.frage.text ? " (" + frage.frage.text + ")" : "");
    }
    // eine Uhr bis zum nächsten Versuch: jede Sekunde neu zählen
    clearTimeout(ausgangUhr);
    if (ausgang.zaehlt()) { ausgangUhr = setTimeout(zeigeAusgang, 1000); }
  }

  function beantworte(trotzdem) {
    var item = ausgang.beantworte(trotzdem);
    if (item && !trotzdem) { melde("Nicht eingetragen: " + (item.text || item.zeile), false); }
  }

  // ------------------------------------------------------------------ Rückgängig: ein Blatt

  function eintragTeile(e) {
    var teile = [
      baue("div", { klasse: "kopf", text: "#" + e.id + " · " + e.zeit + " · " + e.spiel }),
      baue("div", { text: e.text })
    ];
    if (e.erklaerung) { teile.push(baue("div", { klasse: "wert", text: "Wert: " + e.erklaerung })); }
    if (e.betraege.length) { teile.push(betraegeIn(e.betraege)); }
    return teile;
  }

  function oeffneBlatt(e) {
    var b = $("blatt");
    blatt = { eintrag: e, ab: Date.now() + BLATT_SPERRE };
    $("blatt-titel").textContent = "Eintrag #" + e.id + " zurücknehmen?";
    var inhalt = $("blatt-eintrag");
    inhalt.textContent = "";
    eintragTeile(e).forEach(function (t) { inhalt.appendChild(t); });
    var ja = $("blatt-ja");
    ja.textContent = "Ja, #" + e.id + " zurücknehmen";
    ja.className = "gefahr wartet";
    setTimeout(function () { if (blatt.eintrag === e) { ja.className = "gefahr"; } }, BLATT_SPERRE);
    if (b.showModal) { b.showModal(); } else { b.setAttribute("open", ""); }
    $("blatt-nein").focus();
  }

  function schliesseBlatt() {
    var b = $("blatt");
    blatt = { eintrag: null, ab: 0 };
    if (b.open) { if (b.close) { b.close(); } else { b.removeAttribute("open"); } }
  }

  function bestaetigeBlatt() {
    var e = blatt.eintrag;
    if (!e || Date.now() < blatt.ab) { return; }  // zu früh: ein Doppeltipp, kein Entschluss
    schliesseBlatt();
    ausgang.stelle({ art: "rueckgaengig", koerper: { eintrag: e.id }, zeile: "Rückgängig #" + e.id,
                     text: "#" + e.id + " zurücknehmen: " + e.text });
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
      var teile = eintragTeile(e);
      var knoepfe = [];
      if (e.formular && darfAendern()) {
        knoepfe.push(knopf("Korrigieren", function () { korrigiere(e); },
          { klasse: "klein", "data-korrigiere": String(e.id) }));
      }
      if (e.letzter && darfAendern()) {
        knoepfe.push(knopf("Rückgängig …", function () { oeffneBlatt(e); },
          { klasse: "klein", "data-rueckgaengig": String(e.id) }));
      }
      if (knoepfe.length) { teile.push(baue("div", { klasse: "zeile2" }, knoepfe)); }
      liste.appendChild(baue("li", {}, teile));
    });
  }

  function korrigiere(e) {
    form = Object.assign(leer(), kopie(e.formular));
    spieleOffen = false;
    korrektur = { id: e.id, text: e.text, veraltet: null };
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
      F.waehleAugen(form, Number(b.getAttribute("data-augen")), b.getAttribute("data-schwarz") === "1");
      ziffernOffen = false;
      geaendert();
    });
  });
  $("genau").addEventListener("click", function () {
    ziffernOffen = !ziffernOffen;
    ziffernNeu = ziffernOffen;
    zeige();
    if (ziffernOffen) { zeigeUeberLeiste($("ziffern")); }
  });
  $("spielwahl").addEventListener("click", function () { spieleOffen = true; zeige(); });
  document.querySelectorAll("[data-ziffer]").forEach(function (b) {
    b.addEventListener("click", function () {
      var z = b.getAttribute("data-ziffer");
      if (z === "ok") { ziffernOffen = false; zeige(); return; }
      F.tippeZiffer(form, z, ziffernNeu && z !== "weg");
      ziffernNeu = false;
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
    var name = reihe.getAttribute("data-stepper");
    reihe.querySelectorAll("[data-schritt]").forEach(function (b) {
      b.addEventListener("click", function () {
        F.stufe(form, name, Number(b.getAttribute("data-schritt")));
        geaendert();
      });
    });
  });
  document.querySelectorAll("[data-schalter]").forEach(function (b) {
    b.addEventListener("click", function () {
      F.schalte(form, b.getAttribute("data-schalter"));
      geaendert();
    });
  });
  document.querySelectorAll("[data-karte]").forEach(function (b) {
    b.addEventListener("click", function () {
      var h = form.haende[aktiv];
      if (!h) { return; }
      h[1] = F.karte(h[1], b.getAttribute("data-karte"));
      geaendert();
    });
  });
  $("keine-karten").addEventListener("click", function () {
    var h = form.haende[aktiv];
    if (!h) { return; }
    h[1] = "";
    naechsteHand();
    geaendert();
  });
  $("weiter").addEventListener("click", function () { naechsteHand(); zeige(); });
  $("leeren").addEventListener("click", function () { formZurueck(); geaendert(); });
  $("korrektur-ab").addEventListener("click", function () { formZurueck(); geaendert(); });
  $("korrektur-neu").addEventListener("click", function () {
    var v = korrektur && korrektur.veraltet, e = v && v.durch ? eintragMit(v.durch) : null;
    if (e && e.formular) { korrigiere(e); }
  });
  $("senden").addEventListener("click", absenden);
  $("frage-ja").addEventListener("click", function () { beantworte(true); });
  $("frage-nein").addEventListener("click", function () { beantworte(false); });
  $("blatt-ja").addEventListener("click", bestaetigeBlatt);
  $("blatt-nein").addEventListener("click", schliesseBlatt);
  $("blatt").addEventListener("click", function (ev) {
    // ein Tipp neben das Blatt (auf den dunklen Rand) schließt es – nur nicht gleich nach dem Öffnen
    if (ev.target === $("blatt") && Date.now() >= blatt.ab) {
      var r = $("blatt").getBoundingClientRect();
      if (ev.clientY < r.top || ev.clientY > r.bottom || ev.clientX < r.left || ev.clientX > r.right) {
        schliesseBlatt();
      }
    }
  });
  // Esc oder „zurück“ schließt das Blatt auch; das Ereignis kommt später als der Aufruf –
  // ist es inzwischen wieder offen (Abbrechen, gleich wieder Rückgängig), bleibt es dabei
  $("blatt").addEventListener("close", function () {
    if (!$("blatt").open) { blatt = { eintrag: null, ab: 0 }; }
  });
  window.addEventListener("online", ausgang.verbunden);

  // Ein Element so scrollen, dass die Leiste unten es nicht verdeckt (die Zifferntasten).
  function zeigeUeberLeiste(el) {
    var unten = el.getBoundingClientRect().bottom;
    var frei = window.innerHeight - $("leiste").offsetHeight - 8;
    if (unten > frei) { window.scrollBy(0, unten - frei); }
  }

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
    if (blatt.eintrag && blatt.eintrag.id !== daten.letzter) {
      melde("#" + blatt.eintrag.id + " ist nicht mehr der jüngste Eintrag – nichts zurückgenommen.", true);
      schliesseBlatt();
    }
    pruefeKorrektur();
    zeige();
    zeigeEintraege();
    planeVorschau();
  });
  quelle.addEventListener("open", ausgang.verbunden);
  quelle.addEventListener("error", function () {
    status.textContent = "Verbindung unterbrochen – verbinde neu …";
    status.className = "weg";
  });

  zeige();
  zeigeEintraege();
  ausgang.sende();
})();
