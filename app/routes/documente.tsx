// /documente (and /documents): the signed-in user's documents and meter readings (user spec §2).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { DocumentsPage } from "~/components/documents/documents-page";
import { TEXTS } from "~/texts/user";
import { requireUser } from "~/server/auth/user-auth.server";
import { meterReadingHistory } from "~/server/documents/meter-readings.server";
import { listUserDocuments } from "~/server/documents/repository.server";
import { documentView } from "~/server/documents/views.server";
import { listSupplierDocuments } from "~/server/switching/contract-files.server";

export const meta: MetaFunction = () => [{ title: `${TEXTS.documents.title} – ${TEXTS.brand.tagline}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, { mode: "page" });
  const db = context.db;
  // Each part shows its own error state (spec §8) instead of failing the whole page.
  const [documents, meterHistory, supplierDocuments] = await Promise.all([
    listUserDocuments(db, user.id).then(
      (rows) => rows.map(documentView),
      (error: unknown) => {
        console.error("documents page: list failed", error);
        return null;
      },
    ),
    meterReadingHistory(db, user.id).catch((error: unknown) => {
      console.error("documents page: meter history failed", error);
      return null;
    }),
    listSupplierDocuments(db, user.id).catch((error: unknown) => {
      console.error("documents page: supplier documents failed", error);
      return null;
    }),
  ]);
  return { documents, meterHistory, supplierDocuments };
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export default function DocumentsRoute() {
  const { documents, meterHistory, supplierDocuments } = useLoaderData<typeof loader>();
  return <DocumentsPage initialDocuments={documents} initialMeterHistory={meterHistory} supplierDocuments={supplierDocuments} />;
}
