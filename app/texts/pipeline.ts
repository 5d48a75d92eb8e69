// Romanian texts of the switching pipeline (issue #10): request log lines, user notifications and the
// SMS with the signing link. Kept apart from texts.ts so the public pages don't ship them.
export const PIPELINE_TEXTS = {
  log: {
    running: (supplier: string) => `Procesarea automată a început la ${supplier}.`,
    submitted: (supplier: string, applicationId: string) => `Cererea a fost înregistrată la ${supplier} (nr. ${applicationId}).`,
    documentsSent: "Actul de identitate și factura au fost trimise furnizorului.",
    contractReady: (contractNumber: string) => `Contractul nr. ${contractNumber} a fost generat.`,
    signatureRequested: "Contractul așteaptă semnătura ta. Ți-am trimis un SMS cu linkul de semnare.",
    signatureSmsFailed: "SMS-ul cu linkul de semnare nu a putut fi trimis; îl găsești în pagina cererii.",
    signed: "Contractul a fost semnat electronic.",
    signatureSent: "Contractul semnat a fost trimis furnizorului.",
    awaitingConfirmation: (supplier: string) => `Așteptăm confirmarea de la ${supplier}.`,
    confirmed: (supplier: string, day: string) => `${supplier} a confirmat schimbarea; furnizarea începe la ${day}.`,
    completed: "Schimbarea furnizorului este finalizată.",
    retrying: (error: string) => `Furnizorul nu a răspuns cum trebuie (${error}); reîncercăm automat.`,
    failed: (reason: string) => `Cererea nu a putut fi procesată: ${reason}`,
    withdrawn: (supplier: string) => `${supplier} a fost anunțat că cererea a fost anulată.`,
    withdrawalFailed: (reason: string) => `Anularea nu a putut fi transmisă furnizorului: ${reason}`,
  },
  notifications: {
    processing: { title: "Cererea ta este în lucru", message: (supplier: string) => `Am început transmiterea cererii către ${supplier}.` },
    awaitingSignature: {
      title: "Contractul e gata de semnat",
      message: (supplier: string) => `Contractul cu ${supplier} te așteaptă. Semnează-l din browser, cu codul primit prin SMS.`,
    },
    completed: {
      title: "Schimbare confirmată",
      message: (supplier: string, day: string) => `${supplier} îți furnizează energie electrică de la ${day}.`,
    },
    failed: { title: "Cererea nu a reușit", message: (reason: string) => reason },
  },
  sms: {
    signatureLink: (supplier: string, url: string) =>
      `CEL MAI IEFTIN CURENT: contractul cu ${supplier} e gata de semnat: ${url} . Linkul expira in 72 de ore.`,
  },
  detail: {
    contractTitle: "Contractul",
    contractNumber: (n: string) => `Contract nr. ${n}`,
    openContract: "Descarcă contractul (PDF)",
    openSignedContract: "Descarcă contractul semnat (PDF)",
    signedAt: (when: string) => `Semnat la ${when}.`,
    switchDate: (day: string) => `Furnizorul a confirmat: furnizarea începe la ${day}.`,
    failure: "Motivul",
  },
  // The documents page's 'De la Furnizori' tab (user spec §2 "Documents"; texts ours).
  supplierDocuments: {
    empty: "Nu ai încă documente de la furnizori. Contractul apare aici când furnizorul îl emite; urmărește cererile în",
    contract: (n: string | null) => (n ? `Contract nr. ${n}` : "Contract de furnizare"),
    signedAt: (when: string) => `semnat la ${when}`,
    unsigned: "așteaptă semnătura ta",
    download: "Descarcă (PDF)",
    request: (shortId: string) => `Cererea #${shortId}`,
    loadFailed: "Documentele de la furnizori nu pot fi încărcate momentan.",
  },
  failures: {
    supplierRejected: (reason: string) => `Furnizorul a respins cererea: ${reason}`,
    retriesSpent: (error: string) => `Furnizorul nu a putut fi contactat după mai multe încercări (${error}).`,
    missingData: "Lipsesc datele documentelor verificate (act de identitate sau factură).",
    configuration: "Legătura cu furnizorul nu este configurată; un operator a fost anunțat.",
  },
} as const;
