/** The console's Submissions section. */
export function SubmissionsReviewPage() {
  return <h1 className="h3">Submissions</h1>;
}
