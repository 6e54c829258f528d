from bench.solver.runner import main

raise SystemExit(main())
