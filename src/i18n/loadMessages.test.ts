import { describe, expect, it } from 'vitest';
import { getVenue, type VenueConfig } from '@/config/venues';
import enGB from '../../locales/en-GB.json';
import enUS from '../../locales/en-US.json';
import lumenGroupUS from '../../locales/brands/lumen-group/en-US.json';
import hudsonUS from '../../venues/hudson-stage/messages/en-US.json';
import { loadMessages } from './loadMessages';

const venue = (slug: string): VenueConfig => {
  const found = getVenue(slug);
  if (!found) throw new Error(`demo venue ${slug} missing`);
  return found;
};

describe('loadMessages layering', () => {
  it('puts the venue group over the brand group over the locale over the en-GB source', async () => {
    const messages = await loadMessages('en-US', venue('hudson-stage'));
    // Venue group beats the brand's footer line, which itself beats en-US and en-GB.
    expect(lumenGroupUS['footer.support']).toBeDefined();
    expect(messages['footer.support']).toBe(hudsonUS['footer.support']);
    // Brand beats locale: the brand's contact label, not en-GB's.
    expect(messages['signUp.failed.contact']).toBe('Contact Lumen Group');
    // Locale beats source: American wording where the venue and brand say nothing.
    expect(messages['delivery.method.post']).toBe(enUS['delivery.method.post']);
    expect(messages['delivery.method.post']).toBe('Mail');
    // Source fills everything else.
    expect(messages['app.loading']).toBe(enGB['app.loading']);
    expect(Object.keys(messages).sort()).toEqual(Object.keys(enGB).sort());
  });

  it('gives a British venue of the same brand British wording and its own overrides only', async () => {
    const messages = await loadMessages('en-GB', venue('lumen-theatre'));
    expect(messages['delivery.method.post']).toBe('Post');
    expect(messages['footer.support']).toBe(
      'Lumen Group box office: call {phone}, 9am-8pm, every day.',
    );
    expect(messages['delivery.method.boxOffice']).toBe(
      'Collect from the Lumen box office on the Strand',
    );
    expect(messages['steps.confirmation.subheading']).not.toBe(
      hudsonUS['steps.confirmation.subheading'],
    );
  });

  it('uses the plain locale for a venue with no brand and no text group', async () => {
    const messages = await loadMessages('en-US', venue('golden-gate-playhouse'));
    expect(messages).toEqual({ ...enGB, ...enUS });
  });

  it('does not let one venue group leak into another venue of the same locale', async () => {
    await loadMessages('en-US', venue('bayou-discovery'));
    const arena = await loadMessages('en-US', venue('harbor-arena'));
    expect(arena['steps.tickets.heading']).toBe('Select your tickets');
  });
});
