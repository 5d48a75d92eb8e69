// Every user-visible Romanian string of the admin side (admin spec), verbatim; the public site's
// strings are in texts.ts. Kept apart so the admin catalogue never ships with the public pages.
export const ADMIN_TEXTS = {
  loginFailed: "Email sau parolă incorectă.",
  loginFailedGeneric: "Login failed",
  authenticationFailed: "Authentication failed",
  superAdminOnly: "Acces interzis — Doar Super Administratorii pot accesa această secțiune.",
  // ours
  emailRequired: "Introduceți adresa de e-mail.",
  passwordRequired: "Introduceți parola.",
  accountLocked: (minutes: number) =>
    `Prea multe încercări eșuate. Contul este blocat temporar; încercați din nou peste ${minutes} minute.`,
  sessionRequired: "Sesiunea de administrator a expirat. Vă rugăm să vă autentificați din nou.",
  forbidden: "Nu aveți permisiunea necesară pentru această acțiune.",
  nav: {
    dashboard: "Dashboard",
    users: "Utilizatori",
    documents: "Documente",
    switchRequests: "Schimbări furnizor",
    admins: "Administratori",
    system: "Sistem",
    automation: "Automatizare",
    settings: "Setări",
    logout: "Deconectare",
  },
  roles: { super_admin: "Super Administrator", admin: "Administrator", moderator: "Moderator" },
  permissions: {
    user_management: "Gestionare utilizatori",
    document_verification: "Verificare documente",
    system_monitoring: "Monitorizare sistem",
  },
  // Admin login page (admin spec §2 "Admin login"); the spec shows no labels, these are ours.
  login: {
    title: "Autentificare administrator",
    intro: "Intrați în panoul de administrare cu adresa de e-mail și parola.",
    email: "Email",
    password: "Parolă",
    submit: "Autentificare",
    submitting: "Se autentifică...",
  },
  // The shell (admin spec §2 "Shell and navigation").
  shell: {
    fallbackName: "Admin User",
    role: "Rol",
    profile: "Profil",
    settings: "Setări",
    // ours
    brand: "Administrare",
    navLabel: "Navigare administrare",
    openNav: "Deschide meniul",
    closeNav: "Închide meniul",
    collapseNav: "Restrânge meniul",
    expandNav: "Extinde meniul",
    profileMenu: "Meniul contului",
    notAvailableTitle: "Secțiune indisponibilă încă",
    notAvailable: (section: string) => `Secțiunea „${section}” nu este încă disponibilă în panoul de administrare.`,
    forbiddenTitle: "Acces interzis",
    errorTitle: "A apărut o eroare",
    backToDashboard: "Înapoi la Dashboard",
  },
  // The interim overview on /admin: card titles from spec §2 "Dashboard"; the rest is ours.
  overview: {
    totalUsers: "Total Utilizatori",
    newToday: "Noi Astăzi",
    currentMonth: "Luna Curentă",
    suspended: "Suspendați",
    documentsEmpty: "Nu există documente disponibile",
    switchRequestsEmpty: "Nicio cerere găsită",
    // ours
    title: "Prezentare generală",
    intro: "Cifrele sunt citite din baza de date și se actualizează în timp real.",
    updatedAt: (time: string) => `Actualizat la ${time}`,
    refresh: "Reîncarcă",
    users: "Utilizatori",
    activeCount: (n: string) => `Activi: ${n}`,
    weekCount: (n: string) => `Săptămâna aceasta: ${n}`,
    total: (n: string) => `Total: ${n}`,
    usersEmpty: "Niciun utilizator înregistrat încă.",
    documents: "Documente după status",
    documentStatus: {
      pending: "În așteptare",
      processing: "În procesare",
      verified: "Verificate",
      rejected: "Respinse",
      failed: "Eșuate",
      uploaded: "Încărcate",
    } as Record<string, string>,
    switchRequests: "Cereri de schimbare furnizor după status",
    switchStatus: {
      created: "Create",
      processing: "În procesare",
      awaiting_signature: "Așteaptă semnătura",
      completed: "Finalizate",
      failed: "Eșuate",
      cancelled: "Anulate",
    } as Record<string, string>,
    offerCollections: "Colectări de oferte astăzi",
    offerCollectionsEmpty: "Nicio colectare de oferte astăzi.",
    collectionStatus: {
      started: "Pornite",
      running: "În desfășurare",
      completed: "Finalizate",
      failed: "Eșuate",
    } as Record<string, string>,
    nothingPermitted: "Contul dumneavoastră nu are permisiuni pentru statisticile afișate aici.",
  },
  // Switch requests and their queues (admin spec §2 "Switch requests", §4 queue control, §8).
  switchQueues: {
    cancelReason: "Anulată de admin",
    // ours
    started: (n: number, total: number) => `Cozile au fost pornite (${n} din ${total} rulează).`,
    stopped: "Cozile au fost oprite: pașii în curs se termină, restul cererilor rămân în așteptare.",
    restarted: (n: number, total: number) => `Cozile au fost repornite (${n} din ${total} rulează).`,
    notFound: "Cerere negăsită",
    closed: "Cererea este deja închisă (finalizată, eșuată sau anulată).",
    statusLog: (from: string, to: string, notes: string | null) =>
      `Statusul a fost schimbat de un administrator: ${from} → ${to}${notes ? ` (${notes})` : ""}.`,
    cancelledLog: (reason: string) => `Cererea a fost anulată de un administrator: ${reason}.`,
    userNotification: {
      title: "Cererea ta a fost actualizată",
      message: (supplier: string, status: string) => `Cererea către ${supplier} are acum statusul „${status}”.`,
      cancelledTitle: "Cererea ta a fost anulată",
      cancelledMessage: (supplier: string, reason: string) => `Cererea către ${supplier} a fost anulată: ${reason}.`,
    },
  },
  // The header's notifications bell (admin spec §2): age texts from the spec, the rest ours.
  bell: {
    now: "Acum",
    minutes: (n: number) => `${n} min`,
    hours: (n: number) => `${n} h`,
    label: "Notificări",
    badge: (n: number) => (n === 1 ? "1 notificare" : `${n} notificări`),
    empty: "Nicio notificare.",
    showAll: (total: number) => `Vezi toate (${total})`,
    clearAll: "Șterge tot",
    loading: "Se încarcă...",
    loadFailed: "Nu s-au putut încărca notificările.",
    clearFailed: "Nu s-au putut șterge notificările.",
  },
  // The dashboard header's live connection badge (admin spec §2 "Dashboard", §4 channel states).
  live: {
    connected: "Conectat în timp real",
    connecting: "Se conectează...",
    disconnected: "Deconectat",
  },
  // Admin notification rows (admin spec §3 types; texts ours).
  notifications: {
    documentUploaded: {
      title: "Document nou încărcat",
      message: (fileName: string, type: string) => `A fost încărcat documentul „${fileName}” (${type}).`,
    },
    documentVerified: { title: "Document verificat automat", message: (fileName: string) => `Documentul „${fileName}” a fost verificat automat.` },
    documentRejected: {
      title: "Document respins automat",
      message: (fileName: string, reason: string) => `Documentul „${fileName}” a fost respins automat: ${reason}`,
    },
    userRegistered: { title: "Utilizator nou", message: (phone: string) => `S-a înregistrat un utilizator nou: ${phone}.` },
    processingFailed: {
      title: "Procesare document eșuată",
      message: (fileName: string, error: string) => `Documentul „${fileName}” nu a putut fi procesat: ${error}`,
    },
  },
} as const;
