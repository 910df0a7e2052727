// /combat — placeholder from part 1; the web client's part 2 (issue 5) builds this screen here.
export default function CombatPage() {
  return (
    <section className="stack">
      <h1>Battle result</h1>
      <p className="muted">Coming soon.</p>
    </section>
  );
}
