// The TouchDynamics module; see docs/ARCHITECTURE.md. Its types arrive with their issue.
