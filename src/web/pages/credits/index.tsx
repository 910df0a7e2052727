// Placeholder while this screen is being built (part 1).
export default function CreditsPage() {
  return <h1>Loading…</h1>;
}
