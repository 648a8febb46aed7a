// The geometry recognizers speak (Point, Offset, Rect, Axis) lives in TouchBenchSupport;
// re-exported so `import TouchGestures` keeps offering it to library users.
@_exported import TouchBenchSupport
