/** The console's sections, in the order of its navigation. */
export const adminSections = [
  { path: '', label: 'Overview' },
  { path: 'titles', label: 'Titles' },
  { path: 'media', label: 'Media' },
  { path: 'genres', label: 'Genres' },
  { path: 'people', label: 'People' },
  { path: 'banners', label: 'Banners' },
  { path: 'submissions', label: 'Submissions' },
  { path: 'plans', label: 'Plans and taxes' },
  { path: 'members', label: 'Members' },
  { path: 'mail', label: 'Mail' },
  { path: 'jobs', label: 'Jobs' },
  { path: 'audit', label: 'Audit log' },
  { path: 'settings', label: 'Settings' },
] as const;
