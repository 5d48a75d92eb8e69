// /schimba-furnizor (and /schimba): the 4-step switch wizard (user spec §2). The stored switch context
// is checked here, on the server; an invalid one shows 'Ofertă invalidă' with the reason.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { InvalidOffer } from "~/components/switching/invalid-offer";
import { SwitchWizard } from "~/components/switching/switch-wizard";
import { formatPricePerKwh } from "~/lib/money";
import { TEXTS } from "~/texts/user";
import { requireUser } from "~/server/auth/user-auth.server";
import { loadSwitchWizard } from "~/server/switching/wizard.server";

export const meta: MetaFunction = () => [{ title: `${TEXTS.switching.wizardTitle} – ${TEXTS.brand.tagline}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const user = await requireUser(request, context, { mode: "page" });
  return loadSwitchWizard(env, context.db, user.id);
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export default function SwitchSupplierPage() {
  const data = useLoaderData<typeof loader>();
  if (data.status === "invalid") return <InvalidOffer reason={data.reason} message={data.message} />;
  const t = TEXTS.switching;
  return (
    <section className="container page switch-page">
      <h1>{t.wizardTitle}</h1>
      <p className="switch-offer-line">
        {t.chosenOffer}: <strong>{data.offer.supplierName}</strong> · {data.offer.name} ·{" "}
        {t.perKwh(formatPricePerKwh(data.offer.pricePerKwh))}
      </p>
      <SwitchWizard
        offer={data.offer}
        desiredSwitchDate={data.desiredSwitchDate}
        contextSavingsLei={data.contextSavingsLei}
        documents={[...data.identityDocuments, ...data.billDocuments]}
        lastMeterReading={data.lastMeterReading}
      />
    </section>
  );
}
