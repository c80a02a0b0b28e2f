import TouchSandbox

MainActor.assumeIsolated {
    SandboxMain.main()
}
