import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as {
  settings: {
    socket_mode_enabled: boolean;
    event_subscriptions: { request_url?: string; bot_events: string[] };
    interactivity: { is_enabled: boolean; request_url?: string };
  };
} & Record<string, unknown>;

describe('manifest.socket-mode.json', () => {
  const http = read('manifest.json');
  const socket = read('manifest.socket-mode.json');

  it('turns Socket Mode on and drops the request URLs Slack no longer calls', () => {
    expect(http.settings.socket_mode_enabled).toBe(false);
    expect(socket.settings.socket_mode_enabled).toBe(true);
    expect(socket.settings.event_subscriptions.request_url).toBeUndefined();
    expect(socket.settings.interactivity).toEqual({ is_enabled: true });
  });

  it('is otherwise manifest.json itself: the same scopes, events, features and workflow step', () => {
    const { settings: httpSettings, ...httpRest } = http;
    const { settings: socketSettings, ...socketRest } = socket;
    expect(socketRest).toEqual(httpRest);
    const strip = (s: typeof httpSettings) => ({
      ...s,
      socket_mode_enabled: undefined,
      event_subscriptions: { ...s.event_subscriptions, request_url: undefined },
      interactivity: { ...s.interactivity, request_url: undefined },
    });
    expect(strip(socketSettings)).toEqual(strip(httpSettings));
  });
});
