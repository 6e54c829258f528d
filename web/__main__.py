import web.server

raise SystemExit(web.server.main())
