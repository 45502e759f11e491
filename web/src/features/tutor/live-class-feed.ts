import { useEffect, useState } from 'react';
import { api } from '../../api/client.ts';
import { tokenStorage } from '../../auth/token-storage.ts';
import type { LiveSnapshot } from './classes-api.ts';

/**
 * The live class view's socket (/api/live/class): the first message signs in and names the class;
 * the server then sends the class's snapshot at once and again after every change that concerns
 * it. Reconnects with backoff (0.5 s → 15 s); an expired token is refreshed through an ordinary
 * API call first. `offsetMs`: the server's clock minus this one, so time-based flags ("5 minutes on
 * one problem") are judged on the server's time.
 */

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 15_000;
const AUTH_CLOSE = 4401;
const NOT_FOUND_CLOSE = 4404;
const STOP_CLOSES = new Set([4400, 4403, NOT_FOUND_CLOSE]);

export type LiveClassStatus = 'connecting' | 'live' | 'offline' | 'not_found';

export function useLiveClass(classId: string): { snapshot: LiveSnapshot | null; status: LiveClassStatus; offsetMs: number } {
  const [state, setState] = useState<{ snapshot: LiveSnapshot | null; status: LiveClassStatus; offsetMs: number }>({ snapshot: null, status: 'connecting', offsetMs: 0 });
  useEffect(() => {
    let socket: WebSocket | null = null;
    let stopped = false;
    let retryMs = RETRY_MIN_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setState({ snapshot: null, status: 'connecting', offsetMs: 0 });

    const retry = () => {
      if (stopped) return;
      setState((current) => ({ ...current, status: 'offline' }));
      timer = setTimeout(open, retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    };

    function open() {
      if (stopped) return;
      setState((current) => ({ ...current, status: current.snapshot ? current.status : 'connecting' }));
      const current = new WebSocket(`${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/api/live/class`);
      socket = current;
      current.onopen = () => current.send(JSON.stringify({ type: 'auth', token: tokenStorage.accessToken() ?? '', class_id: classId }));
      current.onmessage = (message) => {
        const data = JSON.parse(String(message.data)) as { type: string } & LiveSnapshot;
        if (data.type !== 'snapshot') return;
        retryMs = RETRY_MIN_MS;
        const { type: _type, ...snapshot } = data;
        setState({ snapshot, status: 'live', offsetMs: Date.parse(snapshot.now) - Date.now() });
      };
      current.onclose = (event) => {
        if (socket !== current) return;
        socket = null;
        if (event.code === AUTH_CLOSE) void api.get('/api/auth/me').then(retry, retry);
        else if (event.code === NOT_FOUND_CLOSE) setState((now) => ({ ...now, status: 'not_found' }));
        else if (STOP_CLOSES.has(event.code)) setState((now) => ({ ...now, status: 'offline' }));
        else retry();
      };
    }

    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close(1000, 'Page closed');
      socket = null;
    };
  }, [classId]);
  return state;
}
