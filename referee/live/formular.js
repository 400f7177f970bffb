// Das Formular der Eingabeseite ohne DOM: der Zustand, was ein Tipp daran ändert, welche Zeile
// von „referee tisch“ daraus wird und was noch fehlt. Die Wörter und Regeln der Zeile kommen
// als Daten vom Server (G = referee.live.formular.grammatik(), aus der Grammatik von tisch);
// hier steht keine Spielart, kein Farbbuchstabe, kein Zusatzwort und keine Grenze.
//
// Ein Zustand (leer()) ist ein einfaches Objekt; die Funktionen ändern ihn an Ort und Stelle
// (außer wechsleSpiel, die einen neuen gibt). Die Namen sind die des Abends bzw. Tisches;
// kuerzel bildet sie auf das Wort der Zeile ab.
//
// Zahlen sind ehrlich: was getippt ist, steht im Zustand – auch eine Augenzahl, die es nicht
// gibt (ungueltig: der Text, augen dann null); fehlt() nennt dann den Grund, und eingetragen
// wird nichts, bis sie stimmt. Eine sabai-Hand ist [Name, Karten]; Karten null heißt „noch
// nicht angegeben“ – „keine Karten“ ist "" und muss angetippt werden.
var Formular = function (G) {
  "use strict";

  function leer() {
    return {
      spiel: null, farbe: null, partei: [], augen: null, ungueltig: null, stiche: null,
      laufende: 0, klopfer: 0, stoesse: 0, schwarz: false, tout: false, sie: false,
      kurz: false, jungfrauen: [], durchmarsch: null, tisch: [], haende: [], letzte: false,
      plaetze: [], sieger: null, mit: []
    };
  }

  // Was die Grammatik über das Spiel s weiß ({} ohne Spiel).
  function art(s) { return (s && G.spiele[s]) || {}; }
  function schafkopf(s) { return art(s).gruppe === "schafkopf"; }
  // Ein Spiel mit Partei und Augen (nicht Ramsch, nicht Bettel).
  function mitAugen(s) { return art(s).zahl === "augen"; }
  // Ab so vielen Spielern am Abend nennt die Zeile die vier dieses Spiels.
  function tischNoetig(s, anzahl) { return schafkopf(s) && anzahl >= G.tisch.ab; }

  function enthaelt(liste, x) { return liste.indexOf(x) >= 0; }
  function ohne(liste, x) { return liste.filter(function (y) { return y !== x; }); }

  // Höchstens so viele Laufende, Klopfer, Stöße (n) hat dieses Spiel (Laufende: nach langer
  // oder kurzer Karte; ohne Augen gibt es keine).
  function hoechstens(f, n) {
    if (n !== "laufende") { return G.hoechstens[n]; }
    var l = art(f.spiel).laufende;
    return l ? l[f.kurz ? 1 : 0] : 0;
  }
  var ZUSATZ = { laufende: "Laufende", klopfer: "Klopfer", stoesse: "Stöße" };

  // Die sabai-Hände, deren Karten noch nicht angegeben sind (Namen).
  function offeneHaende(f) {
    return f.haende.filter(function (h) { return h[1] === null; }).map(function (h) { return h[0]; });
  }
  // ------------------------------------------------------------------ die Zeile

  function zeile(f, kuerzel) {
    var s = f.spiel, a = art(s), t = [];
    var k = function (name) { return kuerzel[name] || name.toLowerCase().split(/\s+/)[0]; };
    if (!s) { return ""; }
    if (a.gruppe === "sabai") {
      var teile = f.haende.map(function (h) { return (k(h[0]) + " " + (h[1] || "")).trim(); });
      return (s + " " + teile.join(" " + G.sabai.trenner + " ") +
        (f.letzte ? " " + G.sabai.letzte : "")).trim();
    }
    if (a.gruppe === "saufn") { return [s].concat(f.plaetze.map(k)).join(" "); }
    if (a.gruppe === "schlafmuetze") {
      if (!f.sieger) { return s; }
      return s + " " + k(f.sieger) +
        (f.mit.length ? " " + G.schlafmuetze.mit + " " + f.mit.map(k).join(" ") : "");
    }
    t.push(a.farben && f.farbe ? a.farben[f.farbe] : s);
    if (a.ramsch) {
      if (f.durchmarsch) { t.push(G.ramsch.durchmarsch, k(f.durchmarsch)); }
      t = t.concat(f.partei.map(k));
      if (f.jungfrauen.length) { t = t.concat([G.ramsch.jungfrau], f.jungfrauen.map(k)); }
    } else {
      t = t.concat(f.partei.map(k));
      var zahl = f[a.zahl];
      if (zahl !== null && zahl !== undefined) { t.push(String(zahl)); }
      if (f.laufende && a.zahl === "augen") { t.push(G.zusaetze.laufende + f.laufende); }
      ["schwarz", "tout", "sie"].forEach(function (n) { if (f[n]) { t.push(G.schalter[n]); } });
    }
    ["klopfer", "stoesse"].forEach(function (n) { if (f[n]) { t.push(G.zusaetze[n] + f[n]); } });
    if (f.kurz) { t.push(G.schalter.kurz); }
    if (f.tisch.length === 4) { t.push(G.tisch.zeichen + f.tisch.map(k).join(G.tisch.trenner)); }
    return t.join(" ");
  }

  // Was noch fehlt, bevor die Vorschau Sinn hat ("" = vollständig); anzahl: Spieler am Abend.
  function fehlt(f, anzahl) {
    var s = f.spiel, a = art(s);
    if (!s) { return "Spiel wählen."; }
    if (a.farben && !f.farbe) { return "Farbe wählen."; }
    if (a.partei === 2 && f.partei.length < 2) {
      return f.partei.length ? "Partner wählen." : "Spieler wählen, dann Partner.";
    }
    if (a.partei === 1 && f.partei.length < 1) { return "Spieler wählen."; }
    if (a.zahl === "stiche" && f.stiche === null) { return "Gewonnen oder verloren?"; }
    if (a.zahl === "augen" && f.ungueltig !== null) {
      return f.ungueltig + " Augen gibt es nicht: höchstens " + G.augen + ". Mit ⌫ korrigieren.";
    }
    if (a.zahl === "augen" && f.augen === null && !f.sie) { return "Augen wählen."; }
    if (a.ramsch && !f.partei.length && !f.durchmarsch) { return "Wer verliert? (oder Durchmarsch)"; }
    if (a.gruppe === "sabai" && f.haende.length < G.sabai.mindestens) { return "Mindestens zwei Spieler."; }
    if (a.gruppe === "sabai" && offeneHaende(f).length) {
      return "Karten von " + offeneHaende(f).join(", ") + " fehlen (oder „keine Karten“ antippen).";
    }
    if (a.gruppe === "schafkopf") {
      var zuViel = ["laufende", "klopfer", "stoesse"].filter(function (n) {
        return f[n] > hoechstens(f, n) && (n !== "laufende" || a.zahl === "augen");
      })[0];
      if (zuViel) {
        var wo = zuViel !== "laufende" ? "" : f.kurz ? " mit kurzer Karte" : " bei diesem Spiel";
        return "Höchstens " + hoechstens(f, zuViel) + " " + ZUSATZ[zuViel] + wo +
          " (nicht " + f[zuViel] + ").";
      }
    }
    if (a.gruppe === "saufn" && !f.plaetze.length) { return "Platz 1 antippen, dann 2 und 3."; }
    if (a.gruppe === "schlafmuetze" && !f.sieger) { return "Wer hat gewonnen?"; }
    if (tischNoetig(s, anzahl) && f.tisch.length !== 4) { return "Die vier am Tisch wählen."; }
    return "";
  }

  // ------------------------------------------------------------------ Tipps

  // Ein anderes Spiel: ein neuer Zustand; von Schafkopf zu Schafkopf (ohne Ramsch) bleibt, was
  // beide kennen (Partei, Augen, Zusätze, Farbe). namen: die Spieler (sabai: jeder eine Hand).
  function wechsleSpiel(alt, s, namen) {
    var f = leer(), a = art(s), b = art(alt.spiel);
    f.spiel = s;
    if (a.partei && b.partei && a.gruppe === "schafkopf" && b.gruppe === "schafkopf") {
      f.partei = alt.partei.slice(0, a.partei);
      f.klopfer = alt.klopfer; f.stoesse = alt.stoesse; f.kurz = alt.kurz;
      f.tisch = alt.tisch;
      if (a.zahl === "augen" && b.zahl === "augen") {
        f.augen = alt.augen; f.ungueltig = alt.ungueltig; f.schwarz = alt.schwarz;
        f.laufende = alt.laufende;
      }
      if (a.farben && b.farben) { f.farbe = alt.farbe; }
    }
    if (a.gruppe === "sabai") { f.haende = namen.map(function (n) { return [n, null]; }); }
    return f;
  }

  // Ein Spieler-Chip: modus ist beim Ramsch „verlierer“, „jungfrau“ oder „durchmarsch“.
  function tippe(f, name, modus, namen) {
    var a = art(f.spiel);
    if (a.partei === 2) {
      if (enthaelt(f.partei, name)) { f.partei = ohne(f.partei, name); }
      else if (f.partei.length < 2) { f.partei.push(name); }
      else { f.partei[1] = name; }
    } else if (a.partei === 1) {
      f.partei = enthaelt(f.partei, name) ? [] : [name];
    } else if (a.ramsch) {
      var warVerlierer = enthaelt(f.partei, name), warJungfrau = enthaelt(f.jungfrauen, name);
      var warDurchmarsch = f.durchmarsch === name;
      f.partei = ohne(f.partei, name);
      f.jungfrauen = ohne(f.jungfrauen, name);
      if (warDurchmarsch) { f.durchmarsch = null; }
      if (modus === "verlierer" && !warVerlierer) { f.partei.push(name); f.durchmarsch = null; }
      else if (modus === "jungfrau" && !warJungfrau) { f.jungfrauen.push(name); }
      else if (modus === "durchmarsch" && !warDurchmarsch) { f.durchmarsch = name; f.partei = []; }
    } else if (a.gruppe === "saufn") {
      if (enthaelt(f.plaetze, name)) { f.plaetze = ohne(f.plaetze, name); }
      else if (f.plaetze.length < a.plaetze) { f.plaetze.push(name); }
    } else if (a.gruppe === "schlafmuetze") {
      f.sieger = f.sieger === name ? null : name;
    } else if (a.gruppe === "sabai") {
      var i = f.haende.map(function (h) { return h[0]; }).indexOf(name);
      if (i >= 0) { f.haende.splice(i, 1); }
      else {
        f.haende.push([name, null]);
        f.haende.sort(function (x, y) { return namen.indexOf(x[0]) - namen.indexOf(y[0]); });
      }
    }
  }

  // Was der Chip unter dem Namen zeigt ("" = nicht gewählt).
  function rolle(f, name) {
    var a = art(f.spiel), i;
    if (a.partei === 2) { i = f.partei.indexOf(name); return i === 0 ? "Spieler" : i === 1 ? "Partner" : ""; }
    if (a.partei === 1) { return enthaelt(f.partei, name) ? "spielt" : ""; }
    if (a.ramsch) {
      if (enthaelt(f.partei, name)) { return "verliert"; }
      if (enthaelt(f.jungfrauen, name)) { return "Jungfrau"; }
      return f.durchmarsch === name ? "Durch\u00admarsch" : "";  // trennbar: ein schmaler Chip
    }
    if (a.gruppe === "saufn") { i = f.plaetze.indexOf(name); return i >= 0 ? (i + 1) + ". Platz" : ""; }
    if (a.gruppe === "schlafmuetze") { return f.sieger === name ? "gewinnt" : ""; }
    if (a.gruppe === "sabai") { return enthaelt(f.haende.map(function (h) { return h[0]; }), name) ? "dabei" : ""; }
    return "";
  }

  // Die vier am Tisch (bei mehr als fünf am Abend) und die Mitspieler der Schlafmütze.
  function tippeTisch(f, name) {
    if (enthaelt(f.tisch, name)) { f.tisch = ohne(f.tisch, name); }
    else if (f.tisch.length < 4) { f.tisch = f.tisch.concat([name]); }
  }
  function tippeMit(f, name) {
    f.mit = enthaelt(f.mit, name) ? ohne(f.mit, name) : f.mit.concat([name]);
  }

  // Eine Schnellwahl der Augen (nochmal: wieder leer).
  function waehleAugen(f, augen, schwarz) {
    if (f.augen === augen && f.schwarz === schwarz) { f.augen = null; f.schwarz = false; }
    else { f.augen = augen; f.schwarz = schwarz; }
    f.ungueltig = null;
  }

  // Eine Ziffer der Augen („weg“ löscht die letzte); ersetzen: die erste Ziffer nach dem
  // Öffnen der Tasten fängt neu an, statt an die alte Zahl anzuhängen. Was mehr ist, als ein
  // Spiel hat, bleibt sichtbar stehen (ungueltig) – nie wird eine Ziffer still verschluckt.
  function tippeZiffer(f, z, ersetzen) {
    var text = ersetzen ? "" : f.ungueltig !== null ? f.ungueltig : f.augen === null ? "" : String(f.augen);
    if (z === "weg") { text = text.slice(0, -1); }
    else if (text.length < 4) { text = (text === "0" ? "" : text) + z; }
    var n = text === "" ? null : Number(text);
    f.schwarz = false;
    if (n !== null && n > G.augen) { f.augen = null; f.ungueltig = text; }
    else { f.augen = n; f.ungueltig = null; }
  }

  // Laufende, Klopfer oder Stöße um schritt ändern – nie unter 0, nie über hoechstens().
  function stufe(f, n, schritt) {
    f[n] = Math.max(0, Math.min(hoechstens(f, n), f[n] + schritt));
  }

  // Tout und Sie schließen einander aus.
  function schalte(f, n) {
    f[n] = !f[n];
    if (n === "tout" && f.tout) { f.sie = false; }
    if (n === "sie" && f.sie) { f.tout = false; }
  }

  // Eine Karte auf die sabai-Hand (Text "3 7 J", null: noch nichts angegeben); "" nimmt die
  // letzte weg (die leere Hand ist dann wieder „noch offen“). Eine volle Hand nimmt keine
  // mehr – die Seite sperrt die Kartentasten dann sichtbar.
  function karte(hand, k) {
    var karten = hand ? hand.split(" ") : [];
    if (k) { if (karten.length < G.sabai.hoechstens) { karten.push(k); } } else { karten.pop(); }
    return karten.length ? karten.join(" ") : null;
  }
  function volleHand(hand) { return !!hand && hand.split(" ").length >= G.sabai.hoechstens; }

  return {
    leer: leer, art: art, schafkopf: schafkopf, mitAugen: mitAugen, tischNoetig: tischNoetig,
    zeile: zeile, fehlt: fehlt, wechsleSpiel: wechsleSpiel, tippe: tippe, rolle: rolle,
    tippeTisch: tippeTisch, tippeMit: tippeMit, waehleAugen: waehleAugen,
    tippeZiffer: tippeZiffer, stufe: stufe, hoechstens: hoechstens, schalte: schalte,
    karte: karte, volleHand: volleHand, offeneHaende: offeneHaende
  };
};
