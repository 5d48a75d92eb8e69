// Pushes to the live channels, for server code that is not a channel itself. Best effort: the D1 row is
// the record and clients fall back to polling, so a failed push is logged, never thrown at the caller
// (a document must not be re-processed because a socket could not be told).
import type { AdminNotificationView, LiveEvent } from "../../lib/live/protocol";
import type { Env } from "../env.server";
import type { UserTopic } from "./streams.server";

type ChannelEnv = Pick<Env, "USER_CHANNEL" | "ADMIN_CHANNEL">;

function userChannel(env: ChannelEnv, userId: string) {
  return env.USER_CHANNEL.get(env.USER_CHANNEL.idFromName(userId));
}

/** The one AdminChannel instance (admin spec §7: one channel for every admin). */
export function adminChannel(env: ChannelEnv) {
  return env.ADMIN_CHANNEL.get(env.ADMIN_CHANNEL.idFromName("global"));
}

async function bestEffort(what: string, push: () => Promise<unknown>): Promise<void> {
  try {
    await push();
  } catch (error) {
    console.error(`live: ${what} failed`, error instanceof Error ? error.stack ?? error.message : String(error));
  }
}

export function pushToUser(env: ChannelEnv, userId: string, event: LiveEvent, topics: UserTopic[]): Promise<void> {
  return bestEffort(`push ${event.event} to user ${userId}`, () => userChannel(env, userId).publish(event, topics));
}

export function pushAdminNotification(env: ChannelEnv, notification: AdminNotificationView): Promise<void> {
  return bestEffort(`push admin ${notification.type}`, () => adminChannel(env).publishNotification(notification));
}

/** A user session ended (logout, revocation): its sockets are closed. `null` ends every session of the user. */
export function endUserLiveSession(env: ChannelEnv, userId: string, sessionId: string | null): Promise<void> {
  return bestEffort(`close sockets of user ${userId}`, () => userChannel(env, userId).endSession(sessionId));
}

export function endAdminLiveSession(env: ChannelEnv, sessionId: string): Promise<void> {
  return bestEffort("close admin sockets", () => adminChannel(env).endSession(sessionId));
}

/** Counts the dashboard shows changed without an admin notification (e.g. an admin suspended a user). */
export function adminDashboardChanged(env: ChannelEnv): Promise<void> {
  return bestEffort("recount the admin dashboard", () => adminChannel(env).dashboardChanged());
}
