import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { columnTypes } from "../dialect.ts";

/**
 * The whole first schema: content (services, pages, settings, careers), leads (enquiries with
 * status history and notes, newsletter subscribers), the audit log, and better-auth's tables.
 * The auth tables mirror what better-auth's own migrator would create; a test compares them.
 */
export const initial: Migration = {
  async up(db: Kysely<unknown>) {
    const { bool, authTime } = columnTypes(db);

    await db.schema
      .createTable("user")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull().unique())
      .addColumn("emailVerified", bool, (c) => c.notNull())
      .addColumn("image", "text")
      .addColumn("createdAt", authTime, (c) => c.notNull())
      .addColumn("updatedAt", authTime, (c) => c.notNull())
      .addColumn("username", "text", (c) => c.unique())
      .addColumn("displayUsername", "text")
      .addColumn("role", "text")
      .addColumn("banned", bool)
      .addColumn("banReason", "text")
      .addColumn("banExpires", authTime)
      .execute();

    await db.schema
      .createTable("session")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("expiresAt", authTime, (c) => c.notNull())
      .addColumn("token", "text", (c) => c.notNull().unique())
      .addColumn("createdAt", authTime, (c) => c.notNull())
      .addColumn("updatedAt", authTime, (c) => c.notNull())
      .addColumn("ipAddress", "text")
      .addColumn("userAgent", "text")
      .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
      .addColumn("impersonatedBy", "text")
      .execute();
    await db.schema.createIndex("session_userId_idx").on("session").column("userId").execute();

    await db.schema
      .createTable("account")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("accountId", "text", (c) => c.notNull())
      .addColumn("providerId", "text", (c) => c.notNull())
      .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
      .addColumn("accessToken", "text")
      .addColumn("refreshToken", "text")
      .addColumn("idToken", "text")
      .addColumn("accessTokenExpiresAt", authTime)
      .addColumn("refreshTokenExpiresAt", authTime)
      .addColumn("scope", "text")
      .addColumn("password", "text")
      .addColumn("createdAt", authTime, (c) => c.notNull())
      .addColumn("updatedAt", authTime, (c) => c.notNull())
      .execute();
    await db.schema.createIndex("account_userId_idx").on("account").column("userId").execute();

    await db.schema
      .createTable("verification")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("identifier", "text", (c) => c.notNull())
      .addColumn("value", "text", (c) => c.notNull())
      .addColumn("expiresAt", authTime, (c) => c.notNull())
      .addColumn("createdAt", authTime, (c) => c.notNull())
      .addColumn("updatedAt", authTime, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("verification_identifier_idx")
      .on("verification")
      .column("identifier")
      .execute();

    await db.schema
      .createTable("services")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("subtitle", "text", (c) => c.notNull())
      .addColumn("description", "text", (c) => c.notNull())
      .addColumn("subServices", "text", (c) => c.notNull())
      .addColumn("features", "text", (c) => c.notNull())
      .addColumn("benefits", "text", (c) => c.notNull())
      .addColumn("process", "text", (c) => c.notNull())
      .addColumn("color", "text", (c) => c.notNull())
      .addColumn("bgColor", "text", (c) => c.notNull())
      .addColumn("createdAt", "text", (c) => c.notNull())
      .addColumn("updatedAt", "text", (c) => c.notNull())
      .execute();

    for (const table of ["pages", "settings"] as const) {
      await db.schema
        .createTable(table)
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn(table === "pages" ? "content" : "value", "text", (c) => c.notNull())
        .addColumn("updatedAt", "text", (c) => c.notNull())
        .execute();
    }

    await db.schema
      .createTable("careers")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("department", "text", (c) => c.notNull())
      .addColumn("location", "text", (c) => c.notNull())
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("experience", "text", (c) => c.notNull())
      .addColumn("salary", "text", (c) => c.notNull())
      .addColumn("description", "text", (c) => c.notNull())
      .addColumn("requirements", "text", (c) => c.notNull())
      .addColumn("responsibilities", "text", (c) => c.notNull())
      .addColumn("benefits", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("postedDate", "text", (c) => c.notNull())
      .addColumn("applications", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("createdAt", "text", (c) => c.notNull())
      .addColumn("updatedAt", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("careers_status_idx").on("careers").column("status").execute();

    await db.schema
      .createTable("enquiries")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("firstName", "text", (c) => c.notNull())
      .addColumn("lastName", "text", (c) => c.notNull())
      .addColumn("fullName", "text", (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("company", "text", (c) => c.notNull())
      .addColumn("title", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("phone", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("companySize", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("industry", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("service", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("timeline", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("message", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("newsletter", bool, (c) => c.notNull())
      .addColumn("submittedAt", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("source", "text", (c) => c.notNull())
      .addColumn("spamReason", "text")
      .addColumn("updatedAt", "text")
      .execute();
    for (const column of ["submittedAt", "status", "email"]) {
      await db.schema
        .createIndex(`enquiries_${column}_idx`)
        .on("enquiries")
        .column(column)
        .execute();
    }

    await db.schema
      .createTable("enquiryStatusChanges")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("enquiryId", "text", (c) =>
        c.notNull().references("enquiries.id").onDelete("cascade"),
      )
      .addColumn("fromStatus", "text")
      .addColumn("toStatus", "text", (c) => c.notNull())
      .addColumn("changedBy", "text", (c) => c.references("user.id").onDelete("set null"))
      .addColumn("changedAt", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("enquiryStatusChanges_enquiryId_idx")
      .on("enquiryStatusChanges")
      .column("enquiryId")
      .execute();

    await db.schema
      .createTable("enquiryNotes")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("enquiryId", "text", (c) =>
        c.notNull().references("enquiries.id").onDelete("cascade"),
      )
      .addColumn("authorId", "text", (c) => c.references("user.id").onDelete("set null"))
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("createdAt", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("enquiryNotes_enquiryId_idx")
      .on("enquiryNotes")
      .column("enquiryId")
      .execute();

    await db.schema
      .createTable("newsletterSubscribers")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("email", "text", (c) => c.notNull().unique())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("source", "text", (c) => c.notNull())
      .addColumn("consentText", "text", (c) => c.notNull())
      .addColumn("consentedAt", "text", (c) => c.notNull())
      .addColumn("confirmedAt", "text")
      .addColumn("unsubscribedAt", "text")
      .addColumn("token", "text", (c) => c.notNull().unique())
      .addColumn("createdAt", "text", (c) => c.notNull())
      .addColumn("updatedAt", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("auditLog")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("actorId", "text", (c) => c.references("user.id").onDelete("set null"))
      .addColumn("actorName", "text", (c) => c.notNull())
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("entityType", "text", (c) => c.notNull())
      .addColumn("entityId", "text")
      .addColumn("summary", "text", (c) => c.notNull())
      .addColumn("createdAt", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("auditLog_createdAt_idx")
      .on("auditLog")
      .column("createdAt")
      .execute();
    await db.schema
      .createIndex("auditLog_entity_idx")
      .on("auditLog")
      .columns(["entityType", "entityId"])
      .execute();
  },
};
