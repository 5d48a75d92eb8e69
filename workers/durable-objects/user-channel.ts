// One per user (idFromName(userId)): the user's live streams over hibernatable WebSockets (user spec
// §7 "Live channel"). Only sockets authenticated as this user, with a live session, receive anything,
// and only on the user's own streams (live/streams.server.ts).
import type { LiveEvent } from "../../app/lib/live/protocol";
import { authenticateUserSocket, liveUserSessions, type UserSocketPrincipal } from "../../app/server/live/live-auth.server";
import { isOwnUserStream, userStreamsToDeliver, type UserTopic } from "../../app/server/live/streams.server";
import { LiveChannel } from "./live-socket";

export class UserChannel extends LiveChannel<UserSocketPrincipal> {
  protected authenticate(channel: string, token: string, now: number) {
    return authenticateUserSocket(this.app, channel, token, now);
  }

  protected maySubscribe(principal: UserSocketPrincipal, stream: string): boolean {
    return isOwnUserStream(stream, principal.userId);
  }

  protected async currentPrincipals(channel: string, principals: UserSocketPrincipal[], now: number) {
    const live = await liveUserSessions(this.app, channel, principals.map((p) => p.sessionId), now);
    return new Map(principals.filter((p) => live.has(p.sessionId)).map((p) => [p.sessionId, p]));
  }

  /** Sends an event to this user's sockets on the streams of its topics; returns the frames sent. */
  async publish(event: LiveEvent, topics: UserTopic[]): Promise<number> {
    return this.deliver((state) => userStreamsToDeliver(topics, state.streams, state.principal.userId).map((stream) => ({ stream, data: event })));
  }
}
