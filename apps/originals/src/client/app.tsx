/** Routes: /originals/play/:game and /originals/verify (the server answers index.html for both). */
export function App() {
  return <div className="oc-loading">Playhall Originals</div>;
}
