/**
 * The signed-in area's line icons, drawn here (24×24, stroked in the text colour) rather than
 * taken from an icon package: a dozen paths cost less than a dependency.
 */
const ICON_PATHS = {
  home: 'M3 11.5 12 4l9 7.5M5.5 9.5V20h13V9.5M10 20v-5h4v5',
  bolt: 'M13 2.5 4.5 13.5H11l-1 8 8.5-11H12l1-8Z',
  star: 'm12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9L12 3.5Z',
  heart: 'M12 20s-7.4-4.5-9.2-9C1.5 7.7 3.5 4.5 7 4.5c2 0 3.6 1.1 5 3 1.4-1.9 3-3 5-3 3.5 0 5.5 3.2 4.2 6.5-1.8 4.5-9.2 9-9.2 9Z',
  cap: 'M2 9.5 12 5l10 4.5-10 4.5L2 9.5ZM6 11.5V16c0 1.7 2.7 3 6 3s6-1.3 6-3v-4.5M22 9.5V15',
  track: 'M6 4.5a2 2 0 1 0 0 4 2 2 0 1 0 0-4M6 15.5a2 2 0 1 0 0 4 2 2 0 1 0 0-4M6 8.5v7M11 6.5h9M11 17.5h9M11 12h6',
  inbox: 'M3 13.5h5l1.5 2.5h5l1.5-2.5h5M5.5 5h13L21 13.5V19H3v-5.5L5.5 5Z',
  user: 'M8 8a4 4 0 1 0 8 0 4 4 0 1 0-8 0M4 20.5c0-4 3.6-6.5 8-6.5s8 2.5 8 6.5',
  card: 'M3 6.5A1.5 1.5 0 0 1 4.5 5h15A1.5 1.5 0 0 1 21 6.5v11a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5v-11ZM3 10h18M7 15h4',
  help: 'M3 12a9 9 0 1 0 18 0 9 9 0 1 0-18 0M9.5 9.5a2.5 2.5 0 1 1 3.6 2.2c-.7.4-1.1 1-1.1 1.8v.5M12 17v.5',
  chat: 'M4 5h16v11H10l-4.5 3.5V16H4V5ZM8 9.5h8M8 12.5h5',
  settings: 'M4 7h9M17 7h3M4 17h3M11 17h9M13 7a2 2 0 1 0 4 0 2 2 0 1 0-4 0M7 17a2 2 0 1 0 4 0 2 2 0 1 0-4 0',
  logout: 'M10 4H5v16h5M14 8l4 4-4 4M18 12H9',
  menu: 'M4 7h16M4 12h16M4 17h16',
  people: 'M6 8.5a3 3 0 1 0 6 0 3 3 0 1 0-6 0M2.5 19.5c0-3.3 2.9-5.5 6.5-5.5s6.5 2.2 6.5 5.5M15 6a3 3 0 0 1 0 6M17.5 14.2c2.3.6 4 2.5 4 5.3',
  form: 'M6 3.5h8.5L19 8v12.5H6V3.5ZM14 3.5V8h5M9 12h7M9 15.5h7',
  building: 'M4 20.5V4.5h10v16M14 9.5h6v11M2.5 20.5h19M7.5 8h3M7.5 11.5h3M7.5 15h3M17 13h.5M17 16.5h.5',
} as const;

export type IconName = keyof typeof ICON_PATHS;

/** Decorative: the link or button it sits in carries the name. */
export function NavIcon({ name, size = 20 }: { name: IconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}
