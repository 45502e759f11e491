import { create } from 'zustand';
import { api } from '../../api/client.ts';
import { useAuth, type User } from '../../auth/auth-store.ts';
import { openLiveSocket } from './live-socket.ts';
import type { ActivityItem } from './tutor-api.ts';

/**
 * The tutor's live feed over /api/live (docs/tutor-live.md): the first message authenticates
 * (no token in the URL) and names the last position this page has, so a reconnect gets what it
 * missed. Items replace earlier versions by id (a practice session's row grows as answers
 * arrive). Unread alerts are those newer than the last one the tutor marked as read on this
 * device (local storage).
 */

const KEPT = 50;
/** Close codes the server uses: a message it cannot take; a role without live activity. */
const BAD_MESSAGE_CLOSE = 4400;
const FORBIDDEN_CLOSE = 4403;
const seenKey = (userId: string) => `mathdaily.tutor.alertsSeen.${userId}`;

type LiveStatus = 'connecting' | 'live' | 'offline';

interface LiveFeedState {
  items: ActivityItem[];
  status: LiveStatus;
  alertsSeen: bigint;
  merge(items: readonly ActivityItem[]): void;
  markAlertsRead(): void;
}

let userKey = '';

export const useLiveFeed = create<LiveFeedState>((set, get) => ({
  items: [],
  status: 'offline',
  alertsSeen: 0n,
  merge(incoming) {
    if (incoming.length === 0) return;
    const byId = new Map(get().items.map((item) => [item.id, item]));
    for (const item of incoming) {
      const known = byId.get(item.id);
      if (!known || BigInt(known.position) <= BigInt(item.position)) byId.set(item.id, item);
    }
    const items = [...byId.values()].sort((a, b) => (BigInt(b.position) > BigInt(a.position) ? 1 : -1)).slice(0, KEPT);
    set({ items });
  },
  markAlertsRead() {
    const latest = get().items.reduce((max, item) => (BigInt(item.position) > max ? BigInt(item.position) : max), get().alertsSeen);
    if (userKey) localStorage.setItem(seenKey(userKey), latest.toString());
    set({ alertsSeen: latest });
  },
}));

export const unreadAlerts = (state: Pick<LiveFeedState, 'items' | 'alertsSeen'>) =>
  state.items.filter((item) => item.alert && BigInt(item.position) > state.alertsSeen).length;

const latestPosition = () => useLiveFeed.getState().items.reduce((max, item) => (BigInt(item.position) > max ? BigInt(item.position) : max), 0n);

/** Opens the feed for the signed-in tutor; returns the function that closes it. */
export function connectLiveFeed(userId: string): () => void {
  if (userKey !== userId) {
    userKey = userId;
    const seen = localStorage.getItem(seenKey(userId));
    useLiveFeed.setState({ items: [], alertsSeen: seen && /^\d+$/.test(seen) ? BigInt(seen) : 0n });
  }
  const stop = openLiveSocket({
    path: '/api/live',
    hello: (token) => ({ type: 'auth', token, after: latestPosition().toString() }),
    onConnecting: () => useLiveFeed.setState({ status: 'connecting' }),
    onMessage: (data: { type: string; items?: ActivityItem[] }) => {
      const ready = data.type === 'ready';
      if (ready) useLiveFeed.setState({ status: 'live' });
      if (data.items) useLiveFeed.getState().merge(data.items);
      return ready;
    },
    onOffline: () => useLiveFeed.setState({ status: 'offline' }),
    onClose: (code) => {
      // No longer a tutor (a role change): take the new role, whose pages have no live feed.
      if (code === FORBIDDEN_CLOSE) {
        useLiveFeed.setState({ status: 'offline' });
        void api.get<{ user: User }>('/api/auth/me').then(({ user }) => useAuth.getState().setUser(user), () => undefined);
        return true;
      }
      // Sending the same message again would be refused again.
      if (code === BAD_MESSAGE_CLOSE) {
        useLiveFeed.setState({ status: 'offline' });
        return true;
      }
      return false;
    },
    jitter: true,
  });
  return () => {
    stop();
    useLiveFeed.setState({ status: 'offline' });
  };
}
