// /battle/{battleId} — placeholder from part 1; the web client's part 2 (issue 5) builds this screen here.
export default function BattleViewPage() {
  return (
    <section className="stack">
      <h1>Battle view</h1>
      <p className="muted">Coming soon.</p>
    </section>
  );
}
