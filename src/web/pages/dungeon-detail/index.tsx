// /dungeons/{dungeonId} — placeholder from part 1; the web client's part 2 (issue 5) builds this screen here.
export default function DungeonDetailPage() {
  return (
    <section className="stack">
      <h1>Dungeon detail</h1>
      <p className="muted">Coming soon.</p>
    </section>
  );
}
