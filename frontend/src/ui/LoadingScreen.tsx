export function LoadingScreen() {
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      Loading...
    </div>
  );
}
