// Meter readings (user spec §3 "Meter reading"): value (index, ≤ 20 characters), date, an optional
// photo stored as a `poza_contor` document. A reading without a photo is valid once it passes the
// index rules; one with a photo waits for the photo to be verified (by an admin).
import { and, desc, eq } from "drizzle-orm";
import { newId } from "../../lib/ids";
import type { MeterReadingInput } from "../../lib/schemas/meter-reading";
import { TEXTS } from "../../texts/user";
import type { Database } from "../db/client.server";
import { documents, meterReadings } from "../db/schema.server";
import type { Env } from "../env.server";
import { newUserNotification, publishUserNotification, userNotificationInsert } from "../notifications/notifications.server";
import type { DocumentFailure } from "./errors.server";
import { uploadDocuments, type UploadedFile } from "./upload.server";

export interface MeterReadingView {
  id: string;
  value: string;
  date: string;
  validated: boolean;
  hasPhoto: boolean;
  photoDocumentId: string | null;
  photoStatus: string | null;
  createdAt: string;
}

type Row = typeof meterReadings.$inferSelect;

function toView(row: Row, photoStatus: string | null): MeterReadingView {
  return {
    id: row.id,
    value: row.value,
    date: row.readingDate,
    validated: row.validated || photoStatus === "verified",
    hasPhoto: row.photoDocumentId !== null,
    photoDocumentId: row.photoDocumentId,
    photoStatus,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

export type MeterSubmitResult = { ok: true; reading: MeterReadingView } | { ok: false; failure: DocumentFailure };

export async function submitMeterReading(
  env: Env,
  db: Database,
  input: MeterReadingInput & { userId: string; photo: UploadedFile | null; maxBytes: number; now?: number },
): Promise<MeterSubmitResult> {
  const now = input.now ?? Date.now();
  let photoDocumentId: string | null = null;
  let photoStatus: string | null = null;
  if (input.photo) {
    const uploaded = await uploadDocuments(env, db, {
      userId: input.userId,
      documentType: "poza_contor",
      subtype: null,
      files: [input.photo],
      maxBytes: input.maxBytes,
      now,
    });
    if (!uploaded.ok) return uploaded;
    photoDocumentId = uploaded.documents[0]!.id;
    photoStatus = uploaded.documents[0]!.status;
  }
  const row: Row = {
    id: newId(now),
    userId: input.userId,
    value: input.readingValue,
    readingDate: input.readingDate,
    photoDocumentId,
    validated: photoDocumentId === null,
    createdAt: now,
  };
  const note = newUserNotification({
    userId: input.userId,
    event: "meter_reading_submitted",
    type: "info",
    category: "documents",
    title: TEXTS.meter.submitted,
    message: `${TEXTS.meter.value}: ${row.value} (${row.readingDate})`,
    data: { meterReadingId: row.id },
    now,
  });
  await db.batch([db.insert(meterReadings).values(row), userNotificationInsert(db, note)]);
  await publishUserNotification(env, note);
  return { ok: true, reading: toView(row, photoStatus) };
}

export async function meterReadingHistory(db: Database, userId: string): Promise<MeterReadingView[]> {
  const rows = await db
    .select({ reading: meterReadings, photoStatus: documents.status })
    .from(meterReadings)
    .leftJoin(documents, eq(documents.id, meterReadings.photoDocumentId))
    .where(eq(meterReadings.userId, userId))
    .orderBy(desc(meterReadings.readingDate), desc(meterReadings.createdAt))
    .limit(100);
  return rows.map(({ reading, photoStatus }) => toView(reading, photoStatus));
}

/** The owner's reading, or null (another user's reading is "not found", like their documents). */
export async function findOwnedMeterReading(db: Database, userId: string, id: string): Promise<Row | null> {
  const [row] = await db
    .select()
    .from(meterReadings)
    .where(and(eq(meterReadings.id, id), eq(meterReadings.userId, userId)))
    .limit(1);
  return row ?? null;
}
