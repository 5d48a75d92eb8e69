// The two tabs of /admin/switch-requests (admin spec §2): 'Cozi și Statistici' (default) and
// 'Toate cererile'. Each panel loads its own data and shows its own loading and error states.
import { useId, useState, type KeyboardEvent } from "react";
import { ADMIN_TEXTS } from "~/texts/admin";
import { SwitchQueuesPanel } from "./switch-queues-panel";
import { SwitchRequestsList } from "./switch-requests-list";

type Tab = "queues" | "requests";

export function SwitchRequestsPage({ canControlQueues }: { canControlQueues: boolean }) {
  const t = ADMIN_TEXTS.switchRequestsPage;
  const [tab, setTab] = useState<Tab>("queues");
  const tabsId = useId();

  const tabProps = (id: Tab) => ({
    id: `${tabsId}-${id}-tab`,
    role: "tab",
    type: "button" as const,
    "aria-selected": tab === id,
    "aria-controls": `${tabsId}-${id}-panel`,
    tabIndex: tab === id ? 0 : -1,
    className: `tab${tab === id ? " active" : ""}`,
    onClick: () => setTab(id),
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
      const next = tab === "queues" ? "requests" : "queues";
      setTab(next);
      document.getElementById(`${tabsId}-${next}-tab`)?.focus();
    },
  });

  return (
    <div className="admin-page switch-admin">
      <div className="admin-page-head">
        <div>
          <h1>{t.title}</h1>
          <p className="admin-muted">{t.intro}</p>
        </div>
      </div>
      <div className="tabs" role="tablist" aria-label={t.title}>
        <button {...tabProps("queues")}>{t.tabQueues}</button>
        <button {...tabProps("requests")}>{t.tabRequests}</button>
      </div>
      <div id={`${tabsId}-queues-panel`} role="tabpanel" aria-labelledby={`${tabsId}-queues-tab`} hidden={tab !== "queues"}>
        {tab === "queues" ? <SwitchQueuesPanel canControl={canControlQueues} /> : null}
      </div>
      <div id={`${tabsId}-requests-panel`} role="tabpanel" aria-labelledby={`${tabsId}-requests-tab`} hidden={tab !== "requests"}>
        {tab === "requests" ? <SwitchRequestsList /> : null}
      </div>
    </div>
  );
}
