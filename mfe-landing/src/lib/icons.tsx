/** Small line icons drawn inline: a handful of paths costs less than a request each. */
const PATHS = {
  message: 'M4 4h16a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H9l-5 4v-4H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1zm3 5h10M7 12h7',
  ray: 'M13 2 4 14h7l-1 8 9-12h-7z',
  shield: 'M12 2 4 5v6c0 5 3.4 9.3 8 11 4.6-1.7 8-6 8-11V5zm-3.5 10 2.5 2.5 5-5',
  star: 'm12 2.8 2.8 5.8 6.2.9-4.5 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3L3 9.5l6.2-.9z',
  store: 'M3 9 5 3h14l2 6M3 9h18M3 9a3 3 0 0 0 6 0 3 3 0 0 0 6 0 3 3 0 0 0 6 0M5 12v9h14v-9M10 21v-5h4v5',
  hammer: 'M14 3l7 7-3 3-2-2-9 9-3-3 9-9-2-2zM11 6l3-3',
  helmet: 'M3 17h18M5 17v-3a7 7 0 0 1 14 0v3M10 7V4h4v3M12 4v6',
  clipboard: 'M8 4h8v3H8zM6 5H5v16h14V5h-1M8 12l2.5 2.5L16 9',
  search: 'M10.5 4a6.5 6.5 0 1 1 0 13 6.5 6.5 0 0 1 0-13zM20 20l-4.8-4.8',
  wallet: 'M3 7h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H3zM3 7l13-3v3M16 13h2',
  camera: 'M4 8h4l2-3h4l2 3h4v11H4zM12 11a3 3 0 1 1 0 6 3 3 0 0 1 0-6z',
  scale: 'M12 3v18M5 21h14M4 7h16M7 7l-3 7a3 3 0 0 0 6 0zM17 7l-3 7a3 3 0 0 0 6 0z',
  globe: 'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18zM3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18',
  check: 'm5 12 4.5 4.5L19 7',
  book: 'M4 4h7a2 2 0 0 1 2 2v14a2 2 0 0 0-2-2H4zM20 4h-7M20 4v14h-7',
  headset: 'M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v5H5a1 1 0 0 1-1-1zM20 14h-3v5h2a1 1 0 0 0 1-1zM17 19c0 1.5-2 2-5 2',
  users: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a7 7 0 0 1 14 0M16 3.5a4 4 0 0 1 0 7.5M18 14a6 6 0 0 1 4 7',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 24 }: { name: IconName; size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
