import type { AdminSubmission } from '@reeltime/contract';
import { dailymotionEmbedUrl, vimeoEmbedUrl, youtubeEmbedUrl } from '../../../../components/player/embed-url';

const EMBEDS: Partial<Record<AdminSubmission['link_type'], (url: string) => string | null>> = {
  youtube: youtubeEmbedUrl,
  vimeo: vimeoEmbedUrl,
  dailymotion: dailymotionEmbedUrl,
};

/**
 * The submitted video: in its platform's player for YouTube, Vimeo and Dailymotion links (as the
 * member's details page plays them), and always as a link that opens it on its own site.
 */
export function SubmissionLink({ submission }: { submission: AdminSubmission }) {
  const embed = EMBEDS[submission.link_type]?.(submission.link) ?? null;
  return (
    <>
      {embed ? (
        <div className="submission-review__player">
          <iframe
            src={embed}
            title={`Video of “${submission.title}”`}
            loading="lazy"
            allow="encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        </div>
      ) : null}
      <a href={submission.link} target="_blank" rel="noopener noreferrer" className="small text-break">
        {submission.link}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </>
  );
}
