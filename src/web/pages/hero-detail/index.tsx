// Placeholder while this screen is being built (part 1).
export default function HeroDetailPage() {
  return <h1>Loading…</h1>;
}
