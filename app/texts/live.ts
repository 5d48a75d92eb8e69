// The user-side strings of notifications and the live connection: the /notificari page, the header's
// live dot and unread badges, and the live channel's answers. Verbatim from the spec where it has them
// ("spec"), ours otherwise. Kept apart from texts.ts so the home page's first load does not carry
// them (docs/benchmarks.md: home JS ≤ 120 KB gzip); only signed-in pages load this catalogue.
export const LIVE_TEXTS = {
  // spec §2 "Header and navigation"
  connected: "Conectat în timp real",
  connecting: "Conectare WebSocket...",
  // ours
  unreadCount: (n: number) => (n === 1 ? "1 notificare necitită" : `${n} notificări necitite`),

  notifications: {
    // spec §2 "Notifications": relative time
    now: "Acum",
    hours: (n: number) => `${n}h`,
    days: (n: number) => `${n}z`,
    // ours (the spec shows the states, not their texts)
    title: "Notificări",
    intro: "Actualizările despre documentele și cererile tale, pe măsură ce au loc.",
    markAll: "Marchează toate ca citite",
    markRead: "Marchează ca citită",
    unread: "Necitită",
    read: "Citită",
    allRead: "Ai citit toate notificările.",
    unreadSummary: (n: number) => (n === 1 ? "O notificare necitită." : `${n} notificări necitite.`),
    emptyTitle: "Nu ai notificări",
    empty: "Aici apar actualizările despre documente și cererile de schimbare a furnizorului.",
    loading: "Se încarcă notificările...",
    loadFailed: "Nu s-au putut încărca notificările.",
    loadUnavailable: "Notificările nu pot fi încărcate momentan. Încearcă din nou.",
    markFailed: "Nu s-a putut marca notificarea ca citită.",
    markAllFailed: "Nu s-au putut marca notificările ca citite.",
    retry: "Reîncearcă",
    typeLabels: { success: "Succes", warning: "Atenționare", error: "Eroare", info: "Informație" } as Record<string, string>,
    categoryLabels: { documents: "Documente", offers: "Oferte", account: "Cont", general: "General" } as Record<string, string>,
  },

  // Server answers (ours).
  api: {
    notFound: "Notificarea nu a fost găsită.",
    invalidQuery: "Parametri invalizi: limit între 1 și 100, offset de la 0.",
    invalidId: "Identificator de notificare invalid.",
    markedAll: "Toate notificările au fost marcate ca citite.",
  },
  channel: {
    invalidMessage: "Mesaj invalid.",
    authFailed: "Token invalid sau expirat. Autentificați-vă din nou.",
    authTimeout: "Autentificarea nu a avut loc la timp.",
    sessionEnded: "Sesiunea s-a încheiat.",
    notAuthenticated: "Autentificați-vă înainte de a vă abona.",
    streamRefused: (stream: string) => `Nu aveți acces la fluxul „${stream}”.`,
    badChannel: "Adresa canalului live este invalidă.",
    upgradeRequired: "Este necesară o conexiune WebSocket.",
  },
} as const;
