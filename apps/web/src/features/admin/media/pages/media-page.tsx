import '../media.scss';
import { AdminPageHeader } from '../../shell/components/admin-page-header';
import { UploadPanel } from '../components/upload-panel';
import { VideosTable } from '../components/videos-table';

/** The console's Media section: resumable uploads, live transcodes, the videos and their captions. */
export function MediaPage() {
  return (
    <>
      <AdminPageHeader
        title="Media"
        description="Upload full videos for movies and episodes, follow their transcodes, and manage their audio languages and captions."
      />
      <UploadPanel />
      <VideosTable />
    </>
  );
}
