import { useEffect, useState } from 'react';
import type { LiveSnapshot } from './classes-api.ts';
import { openLiveSocket } from './live-socket.ts';

/**
 * The live class view's socket (/api/live/class): the first message signs in and names the class;
 * the server then sends the class's snapshot at once and again after every change that concerns
 * it. Reconnects with backoff (0.5 s → 15 s); an expired token is refreshed through an ordinary
 * API call first. `offsetMs`: the server's clock minus this one, so time-based flags ("5 minutes on
 * one problem") are judged on the server's time.
 */

const NOT_FOUND_CLOSE = 4404;
const STOP_CLOSES = new Set([4400, 4403, NOT_FOUND_CLOSE]);

export type LiveClassStatus = 'connecting' | 'live' | 'offline' | 'not_found';

export function useLiveClass(classId: string): { snapshot: LiveSnapshot | null; status: LiveClassStatus; offsetMs: number } {
  const [state, setState] = useState<{ snapshot: LiveSnapshot | null; status: LiveClassStatus; offsetMs: number }>({ snapshot: null, status: 'connecting', offsetMs: 0 });
  useEffect(() => {
    setState({ snapshot: null, status: 'connecting', offsetMs: 0 });
    return openLiveSocket({
      path: '/api/live/class',
      hello: (token) => ({ type: 'auth', token, class_id: classId }),
      onConnecting: () => setState((current) => ({ ...current, status: current.snapshot ? current.status : 'connecting' })),
      onMessage: (data) => {
        if (data.type !== 'snapshot') return false;
        const { type: _type, ...snapshot } = data as { type: string } & LiveSnapshot;
        setState({ snapshot, status: 'live', offsetMs: Date.parse(snapshot.now) - Date.now() });
        return true;
      },
      onOffline: () => setState((current) => ({ ...current, status: 'offline' })),
      onClose: (code) => {
        if (code === NOT_FOUND_CLOSE) setState((now) => ({ ...now, status: 'not_found' }));
        else if (STOP_CLOSES.has(code)) setState((now) => ({ ...now, status: 'offline' }));
        else return false;
        return true;
      },
    });
  }, [classId]);
  return state;
}
