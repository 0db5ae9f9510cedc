// The Italian texts of the team sheet (distinta di gara, docs/teamsheet.md): the check's reasons and
// warnings, the API's refusals, the PDF and the activity records. Imports nothing.

export const DISTINTA_LABEL = 'Distinta';

/** 'dd/mm/yyyy' of an ISO date. */
const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const giocatori = (n: number) => (n === 1 ? '1 giocatore' : `${n} giocatori`);

export const DISTINTA_MSG = {
  title: 'Distinta di gara',
  /** Blocking reasons of a player: they may not play on the match's day. */
  motivi: {
    certificatoMancante: 'Certificato medico mancante',
    tipoNonValido: 'Serve il certificato agonistico: quello registrato è non agonistico',
    scaduto: (scadenza: string) => `Certificato scaduto il ${dmy(scadenza)}`,
    squalificato: (fino: string) => `Squalificato fino al ${dmy(fino)}`,
  },
  /** Warnings of a player: shown, and printed as footnotes; the sheet may still be printed. */
  avvisi: {
    tesseraMancante: "Tessera mancante: il dirigente accompagnatore firma la dichiarazione dell'art. 61 c.5 NOIF",
    fuoriAnni: (anno: number, da: number | null, a: number | null) =>
      `Nato nel ${anno}: fuori dagli anni della categoria (${da !== null && a !== null ? (da === a ? `${da}` : `${da}-${a}`) : da !== null ? `dal ${da}` : `fino al ${a}`})`,
  },
  /** Warnings of the whole sheet. */
  avvisiDistinta: {
    troppi: (n: number, max: number) => `${giocatori(n)} in distinta: al massimo ${max} per questa categoria`,
    senzaCapitano: 'Capitano non indicato',
    senzaVice: 'Vice capitano non indicato',
    senzaAllenatore: 'Allenatore non indicato',
    staffSenzaTessera: (ruolo: string, persona: string) => `${ruolo} ${persona}: tessera mancante`,
    dataDaDefinire: (data: string) => `Partita rinviata a data da definire: i controlli valgono per il ${dmy(data)}`,
  },
  /** Blocking reasons of the whole sheet: it cannot be printed until they are solved. */
  motiviDistinta: {
    senzaAccompagnatore: 'Manca il dirigente accompagnatore ufficiale: designalo nella partita prima di stampare',
    addettoInTrasferta: "Addetto all'arbitro designato per una partita in trasferta: toglilo dalle designazioni (lo indica solo la squadra di casa)",
    giocatoriNonIdonei: (n: number) => (n === 1 ? 'Un giocatore in distinta non può giocare' : `${n} giocatori in distinta non possono giocare`),
    nonSalvata: 'La distinta non è ancora stata salvata: assegna i numeri e salvala prima di stampare',
    vuota: 'La distinta non ha giocatori',
  },
  /** Problems of one player in a PUT (400 `problemi`). */
  problemi: {
    nonTrovato: 'Giocatore non trovato',
    ripetuto: 'Giocatore indicato più di una volta',
    numeroRipetuto: (n: number) => `Numero ${n} assegnato a più giocatori`,
    dueCapitani: 'Più di un capitano: indicane uno solo',
    dueVice: 'Più di un vice capitano: indicane uno solo',
    capitanoEVice: 'Capitano e vice capitano devono essere due giocatori diversi',
  },
  /** The 400 of a PUT refused for its players: who and why, in one line. */
  rifiutata: (elenco: string) => `Distinta non salvata: ${elenco}`,
  rifiutataVoce: (chi: string, motivo: string) => `${chi} (${motivo})`,
  troppi: (n: number, max: number) => `Distinta non salvata: ${giocatori(n)}, al massimo ${max} per questa categoria`,
  invalid: {
    body: 'Indica i giocatori della distinta (giocatori: un elenco di { id, numero })',
    giocatore: 'Giocatore non valido: indica id e numero',
    id: 'Id del giocatore non valido',
    numero: 'Il numero di maglia deve essere un intero da 1 a 99',
    flag: 'capitano e vice devono essere vero o falso',
    staff: 'Staff non valido: indica allenatore (id o null) e altri (elenco di id)',
    persona: 'Id del dirigente non valido',
    altri: (max: number) => `Al massimo ${max} altri ammessi nel recinto di gioco`,
    giocatori: (max: number) => `Al massimo ${max} giocatori in distinta`,
    data: 'La data deve essere nel formato aaaa-mm-gg',
  },
  staff: {
    nonTrovato: 'Dirigente non trovato',
    nonAttivo: (persona: string) => `${persona} non è un dirigente attivo`,
    nonAllenatore: (persona: string) => `${persona} non ha la qualifica di allenatore`,
    ripetuto: (persona: string) => `${persona} è già nella distinta con un altro ruolo`,
  },
  ruoli: {
    accompagnatore: 'Dirigente accompagnatore ufficiale',
    addettoArbitro: "Addetto all'arbitro",
    allenatore: 'Allenatore',
    altro: 'Ammesso nel recinto di gioco',
  },
  notFollowed: (gruppo: string) => `Non segui la categoria "${gruppo}": chiedi a un amministratore di aggiungerla alle tue categorie`,
  forbiddenWrite: 'Non hai i permessi per modificare la distinta',
  saved: 'Distinta salvata',
  /** The 409 of a print that must not happen. */
  nonStampabile: (motivo: string) => `Distinta non stampabile: ${motivo}`,
  pdf: {
    copie: ["Copia per l'arbitro", 'Copia per la società avversaria'] as const,
    categoria: 'Categoria',
    gara: 'Gara',
    partita: 'Partita',
    data: 'Data',
    ora: 'Ora',
    campo: 'Campo',
    colonne: { numero: 'N°', nome: 'Cognome e Nome', nascita: 'Data di nascita', tessera: 'Tessera', cvc: 'C/VC' },
    capitano: 'C',
    vice: 'VC',
    nessunaTessera: '—',
    staffTitolo: 'Dirigenti e tecnici ammessi nel recinto di gioco',
    staffColonne: { ruolo: 'Ruolo', nome: 'Cognome e Nome', tessera: 'Tessera' },
    variazioni: 'Variazioni (scritte a mano prima della gara)',
    firma: 'Firma del dirigente accompagnatore ufficiale',
    firmaDi: (persona: string) => `(${persona})`,
    dichiarazione:
      "Dichiarazione (art. 61 c.5 NOIF): il dirigente accompagnatore ufficiale dichiara di riconoscere l'identità dei calciatori privi di tessera segnalati nelle note e ne assume la responsabilità.",
    firmaDichiarazione: 'Firma',
    note: 'Note',
    continua: '(segue)',
    generata: (quando: string) => `Generata il ${quando}`,
    nomeFile: (data: string, id: number) => `distinta-${data}-${id}.pdf`,
  },
  activity: {
    read: (partita: string, n: number) => `Distinta letta: ${partita} (${giocatori(n)})`,
    saved: (partita: string, n: number) => `Distinta salvata: ${partita} (${giocatori(n)})`,
    printed: (partita: string, n: number) => `Distinta stampata: ${partita} (${giocatori(n)})`,
    history: (partita: string) => `Storico delle stampe della distinta letto: ${partita}`,
  },
} as const;
