// Consumer of the document-processing queue. Extraction and verification arrive with the documents
// issue (#5); the message contract and the ack/retry discipline are fixed here.
import { z } from "zod";
import type { Env } from "../../app/server/env.server";

export const documentJobSchema = z.object({
  documentId: z.string().min(1).max(64),
  userId: z.string().min(1).max(64),
  reason: z.enum(["upload", "reprocess", "sweep"]),
});
export type DocumentJob = z.infer<typeof documentJobSchema>;

export async function consumeDocumentBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    const job = documentJobSchema.safeParse(message.body);
    if (!job.success) {
      // A malformed job can never succeed: straight to the dead-letter queue, not retried.
      console.error("document-processing: malformed job", message.id, job.error.issues);
      await env.DOCUMENT_DLQ.send(message.body as DocumentJob);
      message.ack();
      continue;
    }
    const row = await env.DB.prepare("SELECT id FROM documents WHERE id = ? AND user_id = ?")
      .bind(job.data.documentId, job.data.userId)
      .first();
    if (!row) {
      console.warn("document-processing: document no longer exists", job.data.documentId);
    }
    message.ack();
  }
}
