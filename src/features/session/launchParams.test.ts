import { beforeEach, describe, expect, it } from 'vitest';
import { makeStore } from '@/app/store';
import { captureSessionParams, SESSION_STORAGE_KEY } from './launchParams';
import { selectAttribution, sessionStateFrom } from './sessionSlice';

describe('launch query parameters', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('keeps valid attribution for the order and ignores bad values', () => {
    const session = captureSessionParams(
      '?crmCampaignId=SPRING-26&crmUserId=<script>&crmEmail=ada%40example.com&src=newsletter',
      window.sessionStorage,
    );
    expect(session.attribution).toEqual({
      crmCampaignId: 'SPRING-26',
      crmEmail: 'ada@example.com',
      src: 'newsletter',
    });
    const store = makeStore({ session: sessionStateFrom(session) });
    expect(selectAttribution(store.getState())).toEqual(session.attribution);
  });

  it('refuses an email that does not look like one and values over 255 characters', () => {
    const session = captureSessionParams(
      `?crmEmail=not-an-email&src=${'x'.repeat(256)}`,
      window.sessionStorage,
    );
    expect(session.attribution).toEqual({});
  });

  it('survives navigation and reload: a later load without parameters keeps them', () => {
    const first = captureSessionParams(
      '?src=poster&force-opty=tpCopy:b&cfg=high-contrast',
      window.sessionStorage,
    );
    const afterReload = captureSessionParams('', window.sessionStorage);
    expect(afterReload).toEqual(first);
    expect(afterReload.cfg).toBe('high-contrast');
  });

  it('lets a new link override what the session had', () => {
    captureSessionParams('?src=poster', window.sessionStorage);
    expect(captureSessionParams('?src=radio', window.sessionStorage).attribution.src).toBe('radio');
  });

  it('ignores unknown cfg values and tampered storage without crashing', () => {
    window.sessionStorage.setItem(
      SESSION_STORAGE_KEY,
      '{"attribution":{"src":"<img>"},"cfg":"evil","sessionId":7}',
    );
    const session = captureSessionParams('?cfg=rainbow', window.sessionStorage);
    expect(session.cfg).toBeUndefined();
    expect(session.attribution).toEqual({});
    expect(session.sessionId).toMatch(/^[\w-]{8,}$/);
  });

  it('still works when storage is unavailable', () => {
    expect(captureSessionParams('?src=tv', undefined).attribution).toEqual({ src: 'tv' });
  });
});
