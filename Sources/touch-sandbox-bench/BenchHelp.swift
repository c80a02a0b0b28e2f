/// What `touch-sandbox-bench --help` prints: every command, with what it measures.
/// BENCHMARKS.md's current table names commands from here (a test checks it).
enum BenchHelp {
    static let text = """
        touch-sandbox-bench: the project's benchmarks, run from a release build
        (swift build -c release, then .build/release/touch-sandbox-bench COMMAND). Each prints
        rows of the tables in BENCHMARKS.md.

        usage: touch-sandbox-bench COMMAND [ARGUMENTS]

          touch-sandbox-bench latency [touches] [--probe poll|damage] [--pause ms]
                                                  touch-to-pixel latency, sandbox vs raw Xlib; the probe
                                                  reads the pixel every 0.2 ms, or when the DAMAGE
                                                  extension reports drawing over it; touches come
                                                  20 ms (or --pause) after the last one's pixel left
          touch-sandbox-bench flood [seconds] [rate ...] [--scene NAME] [--overlays LIST] [--compare PATH]
                                                  the same while ten fingers flood the client with moves
          touch-sandbox-bench sustained [seconds] one finger, then five, moving every 8 ms: latency of each move,
                                                  floor vs the sandbox (touch-spots, pinch-rotate-pan; every overlay on)
          touch-sandbox-bench soak [--minutes N] [--dwell S] [--tolerance-mb MB] [--seed N]
                                                  random multitouch through every scene, overlays on;
                                                  fails unless memory and idle CPU come back (not in CI)
          touch-sandbox-bench idle [seconds]      CPU used by the sandbox while nothing happens
          touch-sandbox-bench package FILE.deb [runs]
                                                  the Debian package's and its binary's sizes, and --help's time and
                                                  memory, packaged (static) against built from source, side by side
          touch-sandbox-bench show-touches [touches] [seconds]
                                                  --show-touches: touch-to-spot latency over another program's
                                                  window vs the floor; its CPU idle and with ten fingers moving
          touch-sandbox-bench gallery [launches]  start to first frame, and peak memory browsing every scene
          touch-sandbox-bench damage [moves]      pixels drawn and copied per frame, and frame cost, for one moving finger
          touch-sandbox-bench holding             N fingers held by delaysTouchesBegan: cost per finger as N grows
          touch-sandbox-bench core                hit-testing and touch dispatch in the UIKit core
          touch-sandbox-bench render              one frame of 500 layers: LayerRenderer vs raw Cairo
          touch-sandbox-bench scroll              a moved touch dragging a list of 1,000 rows, and a frame while it decelerates
          touch-sandbox-bench scroll-op NAME COUNT (internal) one scroll operation, for callgrind
          touch-sandbox-bench core-op NAME COUNT  (internal) one core operation, for callgrind
          touch-sandbox-bench debug-layer         what the debug layer costs an app: a moved touch and its frame, off / on / shown
          touch-sandbox-bench recording           a moved touch recorded and written, replay and read speed, a headless tour's wall time
          touch-sandbox-bench recording-op NAME COUNT (internal) one recording operation, for callgrind
          touch-sandbox-bench render-op NAME COUNT (internal) one render operation, for callgrind
          touch-sandbox-bench growth [CASE ...]   how a frame's cost grows with what it shows: depth (a chain of
                                                  nested views), animating (N views), drag (over N static views),
                                                  pixels (a window's size); the slope between the two largest
          touch-sandbox-bench growth-op CASE SIZE [FRAMES] (internal) one size of `growth`
          touch-sandbox-bench fps [seconds] [--compare PATH]
                                                  frames per second counted from outside (XDamage): many
                                                  animating views, a whole-window fade; another build beside
          touch-sandbox-bench transition [swipes] a push's and a pop's frames at 1024×768 and 1920×1080, and
                                                  touch-to-pixel while the back swipe follows a finger
                                                  (the screens scene, from outside)
          touch-sandbox-bench scrub [count]       the time to reach a random instant of a 60 s recording by
                                                  re-execution from its start (the timeline's step back)
          touch-sandbox-bench animating-client :N views|fade COUNT WxH (internal) the client of `fps`
          touch-sandbox-bench floor-client :N     (internal) the raw Xlib client of `latency`

          touch-sandbox-bench --help              this text
        """
}
