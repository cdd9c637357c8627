"""The class session: students answer the run's questions from a browser (no pygame in this package)."""
