// The contract of a switch request as a file: the signed one once it exists, the unsigned one before.
// Our own PDFs (pdf-lib, no scripts or actions), served inline, never cached, never sniffed.
import { and, desc, eq, isNotNull } from "drizzle-orm";
import { shortId } from "../../lib/ids";
import type { Database } from "../db/client.server";
import { suppliers, switchRequests } from "../db/schema.server";
import type { Env } from "../env.server";
import type { SwitchRequestRow } from "./requests.server";

export async function contractFileResponse(env: Env, request: SwitchRequestRow): Promise<Response | null> {
  const key = request.signedContractR2Key ?? request.contractR2Key;
  if (!key) return null;
  const object = await env.DOCUMENTS.get(key);
  if (!object) return null;
  const name = `contract-${request.contractNumber ?? request.id.slice(-8)}${request.signedContractR2Key ? "-semnat" : ""}.pdf`;
  return new Response(object.body, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${name}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
    },
  });
}

/** The contracts suppliers issued to this user (the documents page's 'De la Furnizori' tab), newest first. */
export async function listSupplierDocuments(db: Database, userId: string) {
  const rows = await db
    .select({
      id: switchRequests.id,
      contractNumber: switchRequests.contractNumber,
      signedAt: switchRequests.signedAt,
      updatedAt: switchRequests.updatedAt,
      supplierName: suppliers.name,
    })
    .from(switchRequests)
    .innerJoin(suppliers, eq(suppliers.id, switchRequests.targetSupplierId))
    .where(and(eq(switchRequests.userId, userId), isNotNull(switchRequests.contractR2Key)))
    .orderBy(desc(switchRequests.createdAt))
    .limit(100);
  return rows.map((r) => ({
    requestId: r.id,
    shortId: shortId(r.id),
    supplierName: r.supplierName,
    contractNumber: r.contractNumber,
    signedAt: r.signedAt === null ? null : new Date(r.signedAt).toISOString(),
    url: `/api/users/switch-requests/${r.id}/contract`,
  }));
}

export type SupplierDocumentView = Awaited<ReturnType<typeof listSupplierDocuments>>[number];
