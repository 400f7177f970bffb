// Der Ausgang des Handys, ohne DOM: jeder Schreibvorgang (Eintrag, Korrektur, Rückgängig)
// wartet hier mit seinem Schlüssel (localStorage, übersteht ein Neuladen), bis der Server
// geantwortet hat. Ohne Netz, bei 429 oder 5xx wird er mit demselben Schlüssel wiederholt
// (die Pause wächst bis 10 s); ein gleicher Eintrag eines anderen Handys (409 mit „doppelt“)
// wartet auf eine Antwort (beantworte). Der Reihe nach, einer zur Zeit.
//
// Rückrufe: zeige() nach jeder Änderung; erledigt(eintrag, antwort) bei 200;
// abgelehnt(eintrag, antwort) bei jedem anderen Fehler (der Eintrag ist dann verworfen).
// Eine Antwort ist {status, daten, netz}: netz = nicht angekommen, gleich noch einmal.
var Ausgang = function (basis, rueckruf) {
  "use strict";
  var SPEICHER = "referee-ausgang:" + basis;
  var liste = lade();
  var sendet = false;
  var pause = 1000;
  var wiederUhr = null;

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

  function planeWiederholung() {
    clearTimeout(wiederUhr);
    wiederUhr = setTimeout(sende, pause);
    pause = Math.min(pause * 2, 10000);
  }

  function sende() {
    if (sendet) { return; }
    var eintrag = liste[0];
    rueckruf.zeige();
    if (!eintrag || eintrag.frage) { return; }
    sendet = true;
    eintrag.versuche = (eintrag.versuche || 0) + 1;
    post(eintrag.art, eintrag.koerper, 10000).then(function (r) {
      sendet = false;
      if (r.netz) {
        speichere();
        rueckruf.zeige();
        planeWiederholung();
        return;
      }
      pause = 1000;
      if (r.status === 200) {
        verwirf(eintrag);
        rueckruf.erledigt(eintrag, r);
      } else if (r.status === 409 && r.daten && r.daten.doppelt) {
        eintrag.frage = { meldung: r.daten.fehler.meldung, text: r.daten.doppelt.text };
        speichere();
      } else {
        verwirf(eintrag);
        rueckruf.abgelehnt(eintrag, r);
      }
      rueckruf.zeige();
      sende();
    });
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
    verwirf: function (eintrag) { verwirf(eintrag); rueckruf.zeige(); sende(); },
    // was noch nicht beantwortet ist (ohne offene Rückfrage), und ob der erste gerade unterwegs ist
    wartend: function () { return liste.filter(function (x) { return !x.frage; }); },
    unterwegs: function (eintrag) { return sendet && eintrag === liste[0]; },
    alle: function () { return liste; },
    verbunden: function () { pause = 1000; sende(); }
  };
};
