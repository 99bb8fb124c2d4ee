import { rememberEarlyPresses, takeEarlyPress } from './early-presses';

describe('presses before the shell owns the page', () => {
  beforeAll(() => rememberEarlyPresses());
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('remembers a press on a marked control of the server HTML, once', () => {
    document.body.innerHTML = '<button type="button" data-early-press="chat"><span>Need help?</span></button>';
    document.querySelector('span')!.click();
    expect(takeEarlyPress('chat')).toBe(true);
    expect(takeEarlyPress('chat')).toBe(false);
  });

  it('leaves alone controls React already owns, and unmarked ones', () => {
    document.body.innerHTML = '<button type="button" data-early-press="chat">Need help?</button><button type="button">Other</button>';
    const [marked, other] = document.querySelectorAll('button');
    Object.assign(marked!, { __reactProps$test: {} });
    marked!.click();
    other!.click();
    expect(takeEarlyPress('chat')).toBe(false);
  });
});
