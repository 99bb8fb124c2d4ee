import { chatClearance, clearLift } from './chat-clearance';

// The launcher rests at 744–796 px in an 820 px window and may climb 300 px.
const base = { top: 744, bottom: 796 };

describe('clearLift', () => {
  it('stays put when nothing is under it', () => {
    expect(clearLift(base, [{ top: 600, bottom: 650 }], 300)).toBe(0);
  });

  it('climbs just above a control it would cover, keeping a small gap', () => {
    expect(clearLift(base, [{ top: 760, bottom: 808 }], 300)).toBe(796 - 760 + 8);
  });

  it('passes a gap too small for it and settles in the first one wide enough', () => {
    const fields = [
      { top: 760, bottom: 808 },
      { top: 700, bottom: 748 },
      { top: 560, bottom: 608 },
    ];
    // Above the field at 700 there is room up to 608: it settles there, under the field at 560.
    expect(clearLift(base, fields, 300)).toBe(796 - 700 + 8);
  });

  it('finds no place when controls fill the corner as far as it may climb', () => {
    const stacked = Array.from({ length: 8 }, (_, index) => ({ top: 780 - index * 50, bottom: 830 - index * 50 }));
    expect(clearLift(base, stacked, 300)).toBeNull();
  });
});

describe('chatClearance', () => {
  const box = (top: number, bottom: number, left: number, right: number) =>
    ({ top, bottom, left, right, width: right - left, height: bottom - top, x: left, y: top, toJSON: () => ({}) }) as DOMRect;
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

  it('moves the launcher off a control that a stylesheet arriving late puts under it', async () => {
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 844 });
    const slot = document.createElement('div');
    slot.style.bottom = '24px';
    Object.defineProperty(slot, 'offsetHeight', { configurable: true, value: 52 });
    slot.getBoundingClientRect = () => box(768, 820, 314, 366);
    const link = document.createElement('a');
    link.href = '/professionals';
    document.body.append(link, slot);
    // Before the page's stylesheet applies, the link sits higher up; once it applies, under the corner.
    let styled = false;
    link.getBoundingClientRect = () => (styled ? box(722, 772, 41, 349) : box(500, 550, 41, 349));
    const stop = chatClearance(slot);
    await frame();
    expect(slot.style.transform).toBe('');

    const sheet = document.createElement('link');
    sheet.rel = 'stylesheet';
    document.head.append(sheet);
    await frame();
    styled = true;
    sheet.dispatchEvent(new Event('load'));
    await frame();
    expect(slot.style.transform).toBe(`translateY(${-(820 - 722 + 8)}px)`);
    stop?.();
    slot.remove();
    link.remove();
    sheet.remove();
  });
});
