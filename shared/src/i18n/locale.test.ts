import { i18n } from '@lingui/core';
import { activateLocale, registerCatalog } from './catalogs';
import { initialLocale, readStoredLocale, storeLocale } from './locale';

describe('locale', () => {
  it('starts in English whatever the browser prefers, then in the remembered choice, which the server reads from a cookie', () => {
    window.localStorage.removeItem('locale');
    const languages = jest.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'en']);
    expect(initialLocale()).toBe('en');
    storeLocale('fr');
    expect(initialLocale()).toBe('fr');
    expect(document.cookie).toContain('locale=fr');
    // A choice remembered before the cookie existed is told to the server at the next start.
    document.cookie = 'locale=; max-age=0; path=/';
    expect(initialLocale()).toBe('fr');
    expect(document.cookie).toContain('locale=fr');
    languages.mockRestore();
    window.localStorage.removeItem('locale');
  });

  it('defaults to en and ignores unknown stored values', () => {
    expect(readStoredLocale()).toBe('en');
    window.localStorage.setItem('locale', 'de');
    expect(readStoredLocale()).toBe('en');
    window.localStorage.setItem('locale', 'fr');
    expect(readStoredLocale()).toBe('fr');
  });

  it('loads every registered catalog before activating a locale, and remembers it', async () => {
    const order: string[] = [];
    // Whenever French becomes active, both packages' French messages must already be there.
    const frenchSeenWith: string[] = [];
    const unsubscribe = i18n.on('change', () => {
      if (i18n.locale === 'fr') frenchSeenWith.push(`${i18n._('greeting')} / ${i18n._('farewell')}`);
    });
    registerCatalog('test-a', async (locale) => {
      order.push(`a:${locale}`);
      return { messages: { greeting: locale === 'fr' ? 'Bonjour' : 'Hello' } };
    });
    registerCatalog('test-b', async (locale) => {
      order.push(`b:${locale}`);
      return { messages: { farewell: locale === 'fr' ? 'Au revoir' : 'Goodbye' } };
    });
    await activateLocale('fr');
    unsubscribe();
    expect(order).toEqual(expect.arrayContaining(['a:fr', 'b:fr']));
    expect(i18n._('greeting')).toBe('Bonjour');
    expect(i18n._('farewell')).toBe('Au revoir');
    expect(frenchSeenWith.length).toBeGreaterThan(0);
    expect(new Set(frenchSeenWith)).toEqual(new Set(['Bonjour / Au revoir']));
    expect(window.localStorage.getItem('locale')).toBe('fr');
  });

  it('keeps the current locale when a catalog fails to load', async () => {
    await activateLocale('en');
    registerCatalog('test-broken', async (locale) => {
      if (locale === 'fr') throw new Error('chunk failed');
      return { messages: {} };
    });
    await expect(activateLocale('fr')).rejects.toThrow('chunk failed');
    expect(i18n.locale).toBe('en');
  });

  it('loads a catalog registered for the language about to be shown in that language only', async () => {
    // A fresh page: no language active yet, no catalog registered.
    await jest.isolateModulesAsync(async () => {
      const catalogs = await import('./catalogs');
      const { i18n: pageI18n } = await import('@lingui/core');
      const asked: string[] = [];
      // A French visitor's start-up: the catalogs are registered before French is activated.
      const registered = catalogs.registerCatalog(
        'test-start',
        async (locale) => {
          asked.push(locale);
          return { messages: { welcome: locale === 'fr' ? 'Bienvenue' : 'Welcome' } };
        },
        'fr',
      );
      await catalogs.activateLocale('fr');
      await registered;
      expect(asked).toEqual(['fr']);
      expect(pageI18n._('welcome')).toBe('Bienvenue');
    });
  });
});
