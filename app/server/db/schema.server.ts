// The whole data model (design.md "Data"). Conventions:
// - ids are random text (uuid v7) except reference data keyed by official codes;
// - instants are epoch milliseconds (UTC), calendar days are 'YYYY-MM-DD' text;
// - prices in lei/kWh are integer micro-lei (1 leu = 1_000_000), money amounts integer bani.
import { sql } from "drizzle-orm";
import {
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import type { SwitchStatus, SwitchStep } from "../../lib/switching";

const createdAt = () =>
  integer("created_at")
    .notNull()
    .default(sql`(CAST(unixepoch('subsec') * 1000 AS INTEGER))`);

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    phone: text("phone").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    email: text("email"),
    status: text("status", { enum: ["active", "inactive", "suspended"] })
      .notNull()
      .default("active"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at"),
    lastLoginAt: integer("last_login_at"),
  },
  (t) => [
    uniqueIndex("users_phone_unique").on(t.phone),
    index("users_created_idx").on(t.createdAt),
    // The admin user list filters by status and pages by creation time (issue #12).
    index("users_status_created_idx").on(t.status, t.createdAt),
    // Issue 13, admin metrics: who signed in during the last 24 h, as a range search.
    index("users_last_login_idx").on(t.lastLoginAt),
  ],
);

export const otpChallenges = sqliteTable(
  "otp_challenges",
  {
    id: text("id").primaryKey(),
    phone: text("phone").notNull(),
    codeHash: text("code_hash").notNull(),
    expiresAt: integer("expires_at").notNull(),
    attempts: integer("attempts").notNull().default(0),
    sentAt: integer("sent_at").notNull(),
    consumedAt: integer("consumed_at"),
    ipAddress: text("ip_address"),
  },
  (t) => [index("otp_phone_sent_idx").on(t.phone, t.sentAt)],
);

export const userSessions = sqliteTable(
  "user_sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    familyId: text("family_id").notNull(),
    refreshTokenHash: text("refresh_token_hash").notNull(),
    expiresAt: integer("expires_at").notNull(),
    revokedAt: integer("revoked_at"),
    replacedBy: text("replaced_by"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("user_sessions_refresh_unique").on(t.refreshTokenHash),
    index("user_sessions_family_idx").on(t.familyId),
    index("user_sessions_user_idx").on(t.userId),
  ],
);

// Every SMS the local outbox adapter "sent" (SMS_PROVIDER=outbox): read by the dev page and e2e tests.
export const smsOutbox = sqliteTable(
  "sms_outbox",
  {
    id: text("id").primaryKey(),
    phone: text("phone").notNull(),
    body: text("body").notNull(),
    status: text("status", { enum: ["sent", "failed"] }).notNull(),
    error: text("error"),
    createdAt: createdAt(),
  },
  (t) => [index("sms_outbox_phone_idx").on(t.phone, t.createdAt)],
);

export const authLogs = sqliteTable(
  "auth_logs",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    phone: text("phone"),
    action: text("action").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    success: integer("success", { mode: "boolean" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("auth_logs_user_idx").on(t.userId, t.createdAt),
    // The admin user detail reads a user's latest logs by user id or by phone (issue #12).
    index("auth_logs_phone_idx").on(t.phone, t.createdAt),
  ],
);

export const distributionZones = sqliteTable("distribution_zones", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  operator: text("operator").notNull(),
  distributionMicroLeiPerKwh: integer("distribution_micro_lei_per_kwh").notNull(),
});

export const counties = sqliteTable(
  "counties",
  {
    id: text("id").primaryKey(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    cnpCode: text("cnp_code").notNull(),
    zoneId: text("zone_id")
      .notNull()
      .references(() => distributionZones.id),
  },
  (t) => [uniqueIndex("counties_code_unique").on(t.code)],
);

export const suppliers = sqliteTable("suppliers", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  website: text("website").notNull(),
  logoUrl: text("logo_url"),
  active: integer("active", { mode: "boolean" }).notNull().default(true),
  maxConcurrent: integer("max_concurrent").notNull().default(1),
  createdAt: createdAt(),
});

export const offers = sqliteTable(
  "offers",
  {
    id: text("id").primaryKey(),
    supplierId: text("supplier_id")
      .notNull()
      .references(() => suppliers.id),
    name: text("name").notNull(),
    type: text("type", { enum: ["fix", "variabil"] }).notNull(),
    greenSharePercent: integer("green_share_percent").notNull().default(0),
    monthlyFeeBani: integer("monthly_fee_bani").notNull().default(0),
    validFrom: text("valid_from").notNull(),
    validUntil: text("valid_until"),
    contractMonths: integer("contract_months"),
    consumptionType: text("consumption_type").notNull().default("casnic"),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    updatedAt: integer("updated_at"),
  },
  (t) => [index("offers_supplier_idx").on(t.supplierId)],
);

// Final household price of an offer in one distribution zone, with its breakdown.
export const offerPrices = sqliteTable(
  "offer_prices",
  {
    offerId: text("offer_id")
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    zoneId: text("zone_id")
      .notNull()
      .references(() => distributionZones.id),
    energyMicroLei: integer("energy_micro_lei").notNull(),
    distributionMicroLei: integer("distribution_micro_lei").notNull(),
    regulatedMicroLei: integer("regulated_micro_lei").notNull(),
    vatMicroLei: integer("vat_micro_lei").notNull(),
    totalMicroLei: integer("total_micro_lei").notNull(),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.zoneId] }), index("offer_prices_zone_idx").on(t.zoneId)],
);

export const offerCollections = sqliteTable(
  "offer_collections",
  {
    id: text("id").primaryKey(),
    collectionKey: text("collection_key").notNull(),
    status: text("status", { enum: ["started", "running", "completed", "failed"] }).notNull(),
    resultJson: text("result_json"),
    message: text("message"),
    startedAt: integer("started_at").notNull(),
    finishedAt: integer("finished_at"),
    expiresAt: integer("expires_at"),
  },
  (t) => [index("offer_collections_key_idx").on(t.collectionKey, t.startedAt)],
);

export const documents = sqliteTable(
  "documents",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    documentType: text("document_type").notNull(),
    documentSubtype: text("document_subtype"),
    r2Key: text("r2_key").notNull(),
    fileName: text("file_name").notNull(),
    fileSize: integer("file_size").notNull(),
    mimeType: text("mime_type").notNull(),
    sha256: text("sha256").notNull(),
    status: text("status", {
      enum: ["pending", "processing", "verified", "rejected", "uploaded", "failed"],
    })
      .notNull()
      .default("pending"),
    confidence: real("confidence"),
    processingMethod: text("processing_method"),
    // Extracted fields without the CNP, ID series/number and addresses; those are in pii_encrypted
    // (AES-GCM, PII_ENCRYPTION_KEY, bound to the document id).
    extractedDataJson: text("extracted_data_json"),
    piiEncrypted: text("pii_encrypted"),
    validationJson: text("validation_json"),
    processingAttempts: integer("processing_attempts").notNull().default(0),
    lastError: text("last_error"),
    /** extraction + verification time of the last run */
    processingMs: integer("processing_ms"),
    uploadedAt: createdAt(),
    /** last time a processing message was sent (upload, reprocess, sweep) */
    queuedAt: integer("queued_at"),
    /** start of the current processing lease (the claim, or the run's latest renewal) */
    processingStartedAt: integer("processing_started_at"),
    processedAt: integer("processed_at"),
    verifiedAt: integer("verified_at"),
    updatedAt: integer("updated_at"),
    // An admin's decision on the document (issue #12): who, when, and for a rejection the reason
    // (admin spec §5 list) the user is shown.
    reviewedBy: text("reviewed_by"),
    reviewedAt: integer("reviewed_at"),
    rejectionReason: text("rejection_reason", { enum: ["poor_quality", "incomplete", "invalid_type", "expired", "other"] }),
    reviewNotes: text("review_notes"),
  },
  (t) => [
    uniqueIndex("documents_user_sha_unique").on(t.userId, t.sha256),
    index("documents_user_idx").on(t.userId, t.documentType),
    index("documents_status_idx").on(t.status),
    // The admin list (issue #12): newest first, optionally by status or type.
    index("documents_uploaded_idx").on(t.uploadedAt),
    index("documents_status_uploaded_idx").on(t.status, t.uploadedAt),
    index("documents_type_uploaded_idx").on(t.documentType, t.uploadedAt),
    index("documents_user_uploaded_idx").on(t.userId, t.uploadedAt),
    // Issue 13, admin dashboard and health (decision 0013): the counts per type and status, processing
    // times, stored bytes and verified identity holders come from this index alone (it covers them);
    // the last-24 h figures and the backlog are range searches instead of scans of the table.
    index("documents_type_status_idx").on(t.documentType, t.status, t.userId, t.processingMs, t.fileSize),
    index("documents_processed_idx").on(t.processedAt),
    index("documents_verified_idx").on(t.verifiedAt),
    index("documents_status_processed_idx").on(t.status, t.processedAt, t.queuedAt, t.uploadedAt),
  ],
);

export const documentEvents = sqliteTable(
  "document_events",
  {
    id: text("id").primaryKey(),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    action: text("action").notNull(),
    adminId: text("admin_id"),
    notes: text("notes"),
    createdAt: createdAt(),
  },
  (t) => [
    index("document_events_doc_idx").on(t.documentId),
    // Issue 13: rejections and failures of the last 24 h / 30 days, as range searches.
    index("document_events_action_created_idx").on(t.action, t.createdAt),
  ],
);

export const meterReadings = sqliteTable(
  "meter_readings",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    value: text("value").notNull(),
    readingDate: text("reading_date").notNull(),
    photoDocumentId: text("photo_document_id"),
    validated: integer("validated", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("meter_readings_user_idx").on(t.userId, t.createdAt)],
);

export const switchRequests = sqliteTable(
  "switch_requests",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    targetSupplierId: text("target_supplier_id")
      .notNull()
      .references(() => suppliers.id),
    offerId: text("offer_id").notNull(),
    offerSnapshotJson: text("offer_snapshot_json").notNull(),
    offerName: text("offer_name").notNull(),
    offerPriceMicroLei: integer("offer_price_micro_lei").notNull(),
    offerValidFrom: text("offer_valid_from"),
    offerValidUntil: text("offer_valid_until"),
    countyId: text("county_id"),
    /** point of delivery from the verified bill: at most one open request per POD */
    pod: text("pod"),
    consumerType: text("consumer_type", { enum: ["casnic", "prosumator"] }).notNull().default("casnic"),
    /** the supplier named on the bill, shown as "old supplier" on the request */
    currentSupplierName: text("current_supplier_name"),
    status: text("status").$type<SwitchStatus>().notNull().default("created"),
    currentStep: text("current_step").$type<SwitchStep>().notNull().default("request_validation"),
    progressPercentage: integer("progress_percentage").notNull().default(0),
    desiredSwitchDate: text("desired_switch_date").notNull(),
    switchType: text("switch_type", { enum: ["manual", "automatic"] }).notNull(),
    switchReason: text("switch_reason").notNull(),
    titleHolderQuality: text("title_holder_quality").notNull(),
    idDocumentId: text("id_document_id"),
    invoiceDocumentId: text("invoice_document_id"),
    meterReadingId: text("meter_reading_id"),
    contractDocumentId: text("contract_document_id"),
    estimatedMonthlySavingsBani: integer("estimated_monthly_savings_bani"),
    signatureTokenHash: text("signature_token_hash"),
    signatureExpiresAt: integer("signature_expires_at"),
    signatureAttemptsRemaining: integer("signature_attempts_remaining"),
    signatureMaxAttempts: integer("signature_max_attempts"),
    // The pipeline's own facts (issue #10): the supplier's application, the contract in R2 (unguessable
    // keys), the signing code for the in-browser signature, the confirmed date or why it failed.
    supplierApplicationId: text("supplier_application_id"),
    contractNumber: text("contract_number"),
    contractR2Key: text("contract_r2_key"),
    contractSha256: text("contract_sha256"),
    signedContractR2Key: text("signed_contract_r2_key"),
    signedAt: integer("signed_at"),
    signatureCodeHash: text("signature_code_hash"),
    signatureCodeExpiresAt: integer("signature_code_expires_at"),
    supplierSwitchDate: text("supplier_switch_date"),
    failureReason: text("failure_reason"),
    retryCount: integer("retry_count").notNull().default(0),
    cancelReason: text("cancel_reason"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at"),
    completedAt: integer("completed_at"),
  },
  (t) => [
    index("switch_requests_user_idx").on(t.userId, t.createdAt),
    index("switch_requests_status_idx").on(t.status),
    index("switch_requests_supplier_idx").on(t.targetSupplierId, t.status),
    // Issue 13, dashboard user stats: users with a request (covering), requests per consumer type in 30 days (a range).
    index("switch_requests_user_status_idx").on(t.userId, t.status),
    index("switch_requests_created_type_idx").on(t.createdAt, t.consumerType),
    // Closed statuses leave the index, so a finished or cancelled request frees its POD; two
    // concurrent submits for one POD cannot both insert (app/lib/switching.ts CLOSED_SWITCH_STATUSES).
    uniqueIndex("switch_requests_open_pod_unique")
      .on(t.pod)
      .where(sql`${t.status} NOT IN ('completed', 'failed', 'cancelled', 'canceled', 'rejected')`),
  ],
);

// The offer a user chose on the home page (user spec §3 "Switch context"), one row per user, so a
// reload, a second tab or another device opens the wizard with it. Cleared by a successful submit.
export const switchContexts = sqliteTable("switch_contexts", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  offerId: text("offer_id").notNull(),
  supplierId: text("supplier_id").notNull(),
  searchDate: text("search_date").notNull(),
  countyCode: text("county_code").notNull(),
  consumptionType: text("consumption_type").notNull().default("casnic"),
  supplierName: text("supplier_name").notNull(),
  offerName: text("offer_name").notNull(),
  /** lei/kWh as the results list showed it; the wizard and the request re-read the price */
  pricePerKwh: text("price_per_kwh").notNull(),
  isFromCache: integer("is_from_cache", { mode: "boolean" }).notNull().default(false),
  estimatedMonthlySavingsBani: integer("estimated_monthly_savings_bani"),
  updatedAt: integer("updated_at").notNull(),
});

export const switchRequestLogs = sqliteTable(
  "switch_request_logs",
  {
    id: text("id").primaryKey(),
    switchRequestId: text("switch_request_id")
      .notNull()
      .references(() => switchRequests.id, { onDelete: "cascade" }),
    step: text("step"),
    message: text("message").notNull(),
    logType: text("log_type").notNull().default("info"),
    createdAt: createdAt(),
  },
  (t) => [index("switch_request_logs_req_idx").on(t.switchRequestId, t.createdAt)],
);

export const notifications = sqliteTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: ["success", "warning", "error", "info"] }).notNull(),
    category: text("category", { enum: ["documents", "offers", "account", "general"] }).notNull(),
    event: text("event"),
    title: text("title").notNull(),
    message: text("message").notNull(),
    dataJson: text("data_json"),
    read: integer("read", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("notifications_user_idx").on(t.userId, t.createdAt)],
);

export const admins = sqliteTable(
  "admins",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    role: text("role", { enum: ["super_admin", "admin", "moderator"] }).notNull(),
    permissionsJson: text("permissions_json").notNull().default("{}"),
    status: text("status", { enum: ["active", "invited", "revoked"] })
      .notNull()
      .default("active"),
    failedLoginCount: integer("failed_login_count").notNull().default(0),
    lockedUntil: integer("locked_until"),
    invitedBy: text("invited_by"),
    lastLoginAt: integer("last_login_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("admins_email_unique").on(t.email)],
);

export const adminSessions = sqliteTable(
  "admin_sessions",
  {
    id: text("id").primaryKey(),
    adminId: text("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: integer("expires_at").notNull(),
    revokedAt: integer("revoked_at"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    // The admin settings' session timeout counts inactivity from here (sliding; issue #12 item 4).
    lastSeenAt: integer("last_seen_at"),
  },
  (t) => [uniqueIndex("admin_sessions_token_unique").on(t.tokenHash), index("admin_sessions_admin_idx").on(t.adminId)],
);

export const adminNotifications = sqliteTable(
  "admin_notifications",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    metadataJson: text("metadata_json"),
    createdAt: createdAt(),
  },
  (t) => [index("admin_notifications_created_idx").on(t.createdAt)],
);

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    adminId: text("admin_id"),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    detailsJson: text("details_json"),
    ipAddress: text("ip_address"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_target_idx").on(t.targetType, t.targetId)],
);

export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  valueJson: text("value_json").notNull(),
  updatedAt: integer("updated_at"),
  updatedBy: text("updated_by"),
});

export const automationConfig = sqliteTable("automation_config", {
  id: text("id").primaryKey(),
  snapshotId: text("snapshot_id").notNull(),
  snapshotComment: text("snapshot_comment"),
  orchestratorPath: text("orchestrator_path").notNull(),
  status: text("status", { enum: ["running", "stopped", "error"] }).notNull().default("running"),
  lastRestartAt: integer("last_restart_at"),
  updatedAt: integer("updated_at"),
  /** the automation_config_versions row in force (issue 13 item 4) */
  activeVersionId: text("active_version_id"),
});

export const reviews = sqliteTable("reviews", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  rating: integer("rating").notNull(),
  comment: text("comment").notNull(),
  reviewDate: text("review_date").notNull(),
  verified: integer("verified", { mode: "boolean" }).notNull().default(false),
});

// Per-minute aggregates of measured facts (app/server/metrics/): requests per route group, document
// processing and OCR time per document type, switch steps and queue waits per step, adapters' calls.
// Written by the MetricsRollup Durable Object with additive upserts, read by the admin metrics and health.
export const metricsRollups = sqliteTable(
  "metrics_rollups",
  {
    bucketStart: integer("bucket_start").notNull(),
    /** request | document | ocr | switch_step | queue_wait | adapter */
    kind: text("kind").notNull(),
    /** what the facts are about: a route group, a document type, a step, an adapter */
    series: text("series").notNull(),
    count: integer("count").notNull().default(0),
    errors: integer("errors").notNull().default(0),
    totalMs: integer("total_ms").notNull().default(0),
    minMs: integer("min_ms"),
    maxMs: integer("max_ms"),
    /** the latest instant in the bucket of a fact that was not an error */
    lastOkAt: integer("last_ok_at"),
  },
  (t) => [primaryKey({ columns: [t.bucketStart, t.kind, t.series] }), index("metrics_rollups_kind_idx").on(t.kind, t.bucketStart)],
);

// Published versions of the switching pipeline's configuration (issue 13 item 4: the spec's automation
// snapshots): per supplier its concurrency and retry cap. Kept for rollback; automation_config points
// at the one in force.
export const automationConfigVersions = sqliteTable(
  "automation_config_versions",
  {
    id: text("id").primaryKey(),
    /** the operator's snapshot id, unique */
    snapshotId: text("snapshot_id").notNull(),
    comment: text("comment"),
    settingsJson: text("settings_json").notNull(),
    createdBy: text("created_by"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("automation_config_versions_snapshot_unique").on(t.snapshotId)],
);

// ---- document review (issue #12) ----

// A reviewer's correction of one extracted field, kept apart from what the machine read so the
// extraction can be measured against it. The newest row per (document, field) is the value used
// downstream. Fields sealed at rest in documents.pii_encrypted (CNP, ID series/number, addresses)
// keep both values only in values_encrypted (AES-GCM, bound to the correction id).
export const documentFieldCorrections = sqliteTable(
  "document_field_corrections",
  {
    id: text("id").primaryKey(),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    field: text("field").notNull(),
    machineValue: text("machine_value"),
    correctedValue: text("corrected_value"),
    valuesEncrypted: text("values_encrypted"),
    adminId: text("admin_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("document_field_corrections_doc_idx").on(t.documentId, t.createdAt)],
);

// ── Administrators: invitations, e-mail outbox and two-factor (issue #12 item 3) ─────────────────

// The local mail adapter's messages (app/server/mail/outbox.server.ts), readable on /dev/mail-outbox.
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    bodyText: text("body_text").notNull(),
    status: text("status", { enum: ["sent", "failed"] }).notNull(),
    error: text("error"),
    createdAt: createdAt(),
  },
  (t) => [index("mail_outbox_to_idx").on(t.toAddress, t.createdAt)],
);

// One live invitation per invited admin: re-inviting replaces the row, accepting marks it used.
export const adminInvitations = sqliteTable(
  "admin_invitations",
  {
    id: text("id").primaryKey(),
    adminId: text("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    invitedBy: text("invited_by"),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("admin_invitations_token_unique").on(t.tokenHash), index("admin_invitations_admin_idx").on(t.adminId)],
);

// TOTP (RFC 6238) of an admin: the secret sealed with PII_ENCRYPTION_KEY (bound to the admin id);
// enabledAt is null while the enrolment waits for its first code. lastUsedStep refuses a code replay.
export const adminTwoFactor = sqliteTable("admin_two_factor", {
  adminId: text("admin_id")
    .primaryKey()
    .references(() => admins.id, { onDelete: "cascade" }),
  secretSealed: text("secret_sealed").notNull(),
  enabledAt: integer("enabled_at"),
  lastUsedStep: integer("last_used_step"),
  createdAt: createdAt(),
});

export const adminRecoveryCodes = sqliteTable(
  "admin_recovery_codes",
  {
    id: text("id").primaryKey(),
    adminId: text("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: integer("used_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("admin_recovery_codes_hash_unique").on(t.adminId, t.codeHash)],
);

// The pending second step of an admin sign-in: the password was right, the code is still owed.
export const adminLoginChallenges = sqliteTable(
  "admin_login_challenges",
  {
    id: text("id").primaryKey(),
    adminId: text("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: integer("expires_at").notNull(),
    attempts: integer("attempts").notNull().default(0),
    usedAt: integer("used_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("admin_login_challenges_token_unique").on(t.tokenHash)],
);
