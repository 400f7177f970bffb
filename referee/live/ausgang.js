// Der Ausgang des Handys, ohne DOM: jeder Schreibvorgang (Eintrag, Korrektur, Rückgängig)
// wartet hier mit seinem Schlüssel (localStorage, übersteht ein Neuladen), bis der Server
// geantwortet hat. Gesendet wird der Reihe nach, einer zur Zeit. Ohne Netz, bei 429 oder 5xx
// wird er mit demselben Schlüssel wiederholt (die Pause wächst bis 10 s; bei 429 so lange,
// wie der Server sagt). Ein gleicher Eintrag eines anderen Handys (409 mit „doppelt“) wartet
// auf eine Antwort (beantworte) – aber nur er: was danach kommt, geht trotzdem gleich hinaus.
//
// Jeder wartende Eintrag sagt, warum er wartet (grund): „wartet auf deine Antwort zu #3“,
// „kein Netz, neuer Versuch in 5 s“ …
//
// Rückrufe: zeige() nach jeder Änderung; erledigt(eintrag, antwort) bei 200;
// abgelehnt(eintrag, antwort) bei jedem anderen Fehler (der Eintrag ist dann verworfen).
// Eine Antwort ist {status, daten, netz, warte}: netz = nicht angekommen, gleich noch einmal;
// warte = Sekunden aus Retry-After (oder null).
var Ausgang = function (basis, rueckruf) {
  "use strict";
  var SPEICHER = "referee-ausgang:" + basis;
  var liste = lade();
  var sendet = null;           // der Eintrag, der gerade unterwegs ist
  var pause = 1000;
  var wiederUhr = null;
  var wiederUm = 0;            // Date.now(), zu dem der nächste Versuch geplant ist
  var warum = "";              // warum der letzte Versuch nicht ankam

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
        var warte = Number(antwort.headers.get("retry-after")) || null;
        return { status: antwort.status, daten: d, netz: netz, warte: warte };
      });
    }, function () {
      return { status: 0, daten: null, netz: true, warte: null };
    }).then(function (r) { if (uhr) { clearTimeout(uhr); } return r; });
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
    try { window.localStorage.setItem(SPEICHER, JSON.stringify(liste)); } catch (e) { /* privat */ }
  }

  function verwirf(eintrag) {
    liste = liste.filter(function (x) { return x.koerper.schluessel !== eintrag.koerper.schluessel; });
    speichere();
  }

  // Ein neuer Schreibvorgang: art ist der Pfad unter api/, koerper die Anfrage (ohne
  // Schlüssel), zeile was der Ausgang zeigt; weitere Felder (form, korrektur) bleiben dabei.
  function stelle(eintrag) {
    eintrag.koerper.schluessel = schluessel();
    eintrag.versuche = 0;
    liste.push(eintrag);
    speichere();
    sende();
  }

  function planeWiederholung(sekunden) {
    clearTimeout(wiederUhr);
    var ms = sekunden ? sekunden * 1000 : pause;
    wiederUm = Date.now() + ms;
    wiederUhr = setTimeout(function () { wiederUm = 0; sende(); }, ms);
    pause = Math.min(pause * 2, 10000);
  }

  // Der nächste, der gesendet werden kann: der erste ohne offene Rückfrage.
  function naechster() { return liste.filter(function (x) { return !x.frage; })[0]; }

  function sende() {
    if (sendet || wiederUm) { rueckruf.zeige(); return; }
    var eintrag = naechster();
    rueckruf.zeige();
    if (!eintrag) { return; }
    sendet = eintrag;
    eintrag.versuche = (eintrag.versuche || 0) + 1;
    rueckruf.zeige();
    post(eintrag.art, eintrag.koerper, 10000).then(function (r) {
      sendet = null;
      if (r.netz) {
        warum = r.status === 0 ? "kein Netz" :
          r.status === 429 ? "der Server bremst (zu viele auf einmal)" :
          "der Server antwortet nicht (Fehler " + r.status + ")";
        speichere();
        planeWiederholung(r.status === 429 ? r.warte : null);
        rueckruf.zeige();
        return;
      }
      pause = 1000;
      warum = "";
      if (r.status === 200) {
        verwirf(eintrag);
        rueckruf.erledigt(eintrag, r);
      } else if (r.status === 409 && r.daten && r.daten.doppelt) {
        eintrag.frage = { meldung: r.daten.fehler.meldung, text: r.daten.doppelt.text,
                          nr: r.daten.doppelt.id };
        speichere();
      } else {
        verwirf(eintrag);
        rueckruf.abgelehnt(eintrag, r);
      }
      rueckruf.zeige();
      sende();
    });
  }

  // Warum ein Eintrag noch wartet – ein Satz für den Ausgang.
  function grund(eintrag) {
    if (eintrag.frage) { return "wartet auf deine Antwort zu #" + eintrag.frage.nr; }
    if (sendet === eintrag) { return "wird gesendet …"; }
    if (wiederUm && eintrag === naechster()) {
      var s = Math.max(1, Math.ceil((wiederUm - Date.now()) / 1000));
      return (warum || "nicht angekommen") + ", neuer Versuch in " + s + " s";
    }
    if (sendet || wiederUm) { return "wartet, bis der davor angekommen ist"; }
    return "wird gleich gesendet";
  }

  // Die offene Rückfrage „trotzdem eintragen?“: ja schickt ihn mit „trotzdem“, nein verwirft ihn.
  function beantworte(trotzdem) {
    var eintrag = frage();
    if (!eintrag) { return null; }
    if (trotzdem) {
      delete eintrag.frage;
      eintrag.koerper.trotzdem = true;
      speichere();
    } else {
      verwirf(eintrag);
    }
    rueckruf.zeige();
    sende();
    return eintrag;
  }

  function frage() { return liste.filter(function (x) { return x.frage; })[0]; }

  return {
    post: post,
    stelle: stelle,
    sende: sende,
    beantworte: beantworte,
    frage: frage,
    grund: grund,
    verwirf: function (eintrag) { verwirf(eintrag); rueckruf.zeige(); sende(); },
    // alles, was noch nicht beantwortet ist (auch was auf eine Rückfrage wartet)
    wartend: function () { return liste.slice(); },
    // läuft eine Uhr bis zum nächsten Versuch? (dann zeigt die Seite jede Sekunde neu)
    zaehlt: function () { return wiederUm > 0; },
    alle: function () { return liste; },
    // wieder verbunden (Ereignisstrom offen, „online“): sofort versuchen, nicht erst nach der Pause
    verbunden: function () {
      pause = 1000;
      if (wiederUm) { clearTimeout(wiederUhr); wiederUm = 0; }
      sende();
    }
  };
};
