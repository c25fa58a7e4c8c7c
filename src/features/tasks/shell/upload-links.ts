/** The Upload Data group of the side menu: one link per upload page. */
export const UPLOAD_LINKS = [
  { label: 'Upload Core ValueSets', pathname: '/upload/core' },
  { label: 'Upload Example Tasks', pathname: '/upload/task' },
  { label: 'Upload Example Certifications', pathname: '/upload/role' },
  { label: 'Upload Example Licenses', pathname: '/upload/qualifications' },
  { label: 'Upload Example Bots', pathname: '/upload/bots' },
  { label: 'Upload Example Report', pathname: '/upload/report' },
  { label: 'Upload Example Messages', pathname: '/upload/message' },
].map((link) => ({ ...link, search: [] as [string, string][] }));
